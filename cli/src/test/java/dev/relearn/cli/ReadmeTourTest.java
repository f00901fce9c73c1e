package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the README's 60-second tour as written (its {@code printf} files, then each {@code
 * relearn} command with the real model) and checks that every output line the README shows comes
 * out, in order, with numbers, times and event ids masked: the tour's output is real.
 */
class ReadmeTourTest {
  private static final Pattern PRINTF = Pattern.compile("^printf '(.*)' > (\\S+)$");
  private static final Pattern UUID =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
  /** Where the README's tour works; the test's folder stands in for it. */
  private static final String TOUR = "/tmp/tour";

  @TempDir Path tmp;

  @Test
  void theTourPrintsWhatTheReadmeShows() throws Exception {
    List<String> block = tourBlock(Files.readString(Path.of("..", "README.md")));
    int commands = 0;
    for (int i = 0; i < block.size(); i++) {
      String command = block.get(i).substring(2);
      List<String> expected = new ArrayList<>();
      while (i + 1 < block.size() && !block.get(i + 1).startsWith("$ ")) {
        expected.add(block.get(++i));
      }
      Matcher printf = PRINTF.matcher(command);
      if (printf.matches()) {
        Path file = tmp.resolve(printf.group(2));
        Files.createDirectories(file.getParent());
        Files.writeString(file, printf.group(1).replace("\\n", "\n"));
      } else if (command.startsWith("relearn ")) {
        CliTest.Result result = CliTest.run(args(command));
        assertEquals(0, result.code(), command + ": " + result.err());
        assertShows(command, expected, result.out());
        commands++;
      }
    }
    assertEquals(4, commands, "index, search, feedback, search --explain");
  }

  /** The console block of the README's tour, one entry per line, starting at its first command. */
  static List<String> tourBlock(String readme) {
    int section = readme.indexOf("## A 60-second tour");
    assertTrue(section >= 0, "README.md has no tour");
    int start = readme.indexOf("```console\n", section) + "```console\n".length();
    int end = readme.indexOf("\n```", start);
    List<String> lines = List.of(readme.substring(start, end).split("\n"));
    assertTrue(lines.get(0).startsWith("$ "), lines.get(0));
    return lines;
  }

  /** {@code command}'s arguments, the index in the test's folder, the tour's folder in it. */
  private String[] args(String command) {
    List<String> words = words(command.substring("relearn ".length()));
    List<String> args = new ArrayList<>(List.of(words.get(0), "--index",
        tmp.resolve(".relearn").toString()));
    for (String word : words.subList(1, words.size())) {
      args.add(Files.isDirectory(tmp.resolve(word)) ? tmp.resolve(word).toString() : word);
    }
    return args.toArray(new String[0]);
  }

  /** Shell words: split on spaces, double quotes group. */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    Matcher word = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line);
    while (word.find()) {
      words.add(word.group(1) != null ? word.group(1) : word.group(2));
    }
    return words;
  }

  /**
   * Every line of {@code expected} in {@code out}, in order, masked; {@code ...} skips lines. A
   * block without {@code ...} must be all of the output.
   */
  private void assertShows(String command, List<String> expected, String out) {
    List<String> actual = new ArrayList<>();
    for (String line : out.split("\n")) {
      actual.add(masked(line.replace(tmp.toString(), TOUR)));
    }
    boolean skips = expected.contains("...");
    int at = 0;
    for (String line : expected) {
      if (line.equals("...")) {
        continue;
      }
      String want = masked(line);
      int found = skips ? actual.subList(at, actual.size()).indexOf(want) : (
          at < actual.size() && actual.get(at).equals(want) ? 0 : -1);
      assertFalse(found < 0, command + ": the README shows\n  " + line + "\nbut relearn printed\n"
          + out);
      at += found + 1;
    }
    if (!skips) {
      assertEquals(expected.size(), actual.size(), command + " printed\n" + out);
    }
  }

  /** {@code line} with event ids and numbers masked. */
  static String masked(String line) {
    return NUMBER.matcher(UUID.matcher(line).replaceAll("UUID")).replaceAll("N");
  }
}
