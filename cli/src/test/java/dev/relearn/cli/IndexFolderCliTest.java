package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only {@code index}, {@code demo} and {@code eval} create an index: every other command fails
 * on a missing folder or an ordinary one, names it, and leaves it as it was. Also the plain
 * sentences for a file given as a folder and for a port in use.
 */
class IndexFolderCliTest {
  @TempDir Path tmp;

  private static String[] args(String command, Path index, String... rest) {
    List<String> all = new ArrayList<>(List.of(command.split(" ")));
    all.addAll(List.of("--index", index.toString()));
    if (!command.equals("config")) {
      all.addAll(List.of("--model", "hashing"));
    }
    all.addAll(List.of(rest));
    return all.toArray(new String[0]);
  }

  private static final List<List<String>> COMMANDS = List.of(
      List.of("feedback", "--query", "q", "--used", "x#1"), List.of("feedback-stats"),
      List.of("compact"), List.of("forget", "--all"), List.of("weights"),
      List.of("weights", "--reset"), List.of("stats"), List.of("config"),
      List.of("search", "anything"), List.of("mcp"),
      List.of("serve", "--port", "0"));

  private static List<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.map(folder::relativize).map(Path::toString).sorted().toList();
    }
  }

  /** Indexes one small Markdown file into {@code index} (created by the command). */
  private Path indexOneDoc(Path index) throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nzebras graze\n");
    assertEquals(0, CliTest.run(args("index", index, docs.toString())).code());
    return index;
  }

  @Test
  void commandsOtherThanIndexNeverCreateAnIndex() throws Exception {
    Path missing = tmp.resolve("x/nonexistent");
    Path plain = Files.createDirectories(tmp.resolve("plain"));
    Files.writeString(plain.resolve("notes.txt"), "my own file");
    List<String> before = listing(plain);
    for (List<String> command : COMMANDS) {
      String name = command.get(0);
      String[] rest = command.subList(1, command.size()).toArray(new String[0]);
      Result onMissing = CliTest.run(args(name, missing, rest));
      assertEquals(1, onMissing.code(), command + ": " + onMissing.err());
      assertEquals("relearn: no relearn index at " + missing + " (no such folder); create one"
          + " with: relearn index --index " + missing + " PATH", onMissing.err().strip(),
          command.toString());
      assertFalse(Files.exists(tmp.resolve("x")), command + " created a folder");
      Result onPlain = CliTest.run(args(name, plain, rest));
      assertEquals(1, onPlain.code(), command + ": " + onPlain.err());
      assertEquals("relearn: no relearn index at " + plain + ", which is not empty and is not a"
          + " relearn index (it holds notes.txt); give --index the folder of a relearn index, or"
          + " create one in a new folder with: relearn index --index NEW_DIR PATH",
          onPlain.err().strip(), command.toString());
      assertEquals(before, listing(plain), command + " wrote into the folder");
      assertTrue(onPlain.out().isEmpty(), command + ": " + onPlain.out());
    }
  }

  @Test
  void aFileGivenAsTheIndexIsNamed() throws Exception {
    Path file = Files.writeString(tmp.resolve("passwd"), "root:x:0:0");
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (String command : List.of("index", "search", "stats")) {
      String[] rest = command.equals("index") ? new String[] {docs.toString()}
          : command.equals("search") ? new String[] {"q"} : new String[0];
      Result result = CliTest.run(args(command, file, rest));
      assertEquals(1, result.code(), command);
      assertEquals("relearn: --index " + file + " is a file, not a folder", result.err().strip());
    }
    Result below = CliTest.run(args("index", file.resolve("idx"), docs.toString()));
    assertEquals("relearn: --index " + file.resolve("idx") + ": " + file
        + " is a file, not a folder", below.err().strip());
    assertEquals("root:x:0:0", Files.readString(file));
  }

  @Test
  void indexCreatesAndTheOthersThenOpen() throws Exception {
    Path index = indexOneDoc(tmp.resolve("new/idx"));
    for (List<String> command : List.of(List.of("stats"), List.of("feedback-stats"),
        List.of("config"), List.of("compact"), List.of("search", "zebras"))) {
      Result result = CliTest.run(args(command.get(0), index,
          command.subList(1, command.size()).toArray(new String[0])));
      assertEquals(0, result.code(), command + ": " + result.err());
    }
  }

  @Test
  void configInitWritesAConfigurationBeforeTheFirstIndexButNotAmongOtherFiles() throws Exception {
    Path missing = tmp.resolve("x/new-index");
    Result init = CliTest.run(args("config", missing, "--init"));
    assertEquals(0, init.code(), init.err());
    assertEquals(List.of("", "relearn.json"), listing(missing));
    Result shown = CliTest.run(args("config", missing));
    assertEquals(0, shown.code(), "what --init wrote shows before the first index: " + shown.err());
    assertTrue(shown.out().contains(missing.resolve("relearn.json").toString()), shown.out());
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nzebras graze\n");
    assertEquals(0, CliTest.run(args("index", missing, docs.toString())).code(),
        "the folder takes its first index");

    Path plain = Files.createDirectories(tmp.resolve("plain"));
    Files.writeString(plain.resolve("notes.txt"), "my own file");
    Result refused = CliTest.run(args("config", plain, "--init"));
    assertEquals(2, refused.code(), refused.err());
    assertTrue(refused.err().contains("is not empty and is not a relearn index"), refused.err());
    assertEquals(List.of("", "notes.txt"), listing(plain));
  }

  @Test
  void aMissingPathIndexesNothingAndCreatesNothing() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nAlpha.\n");
    Path index = tmp.resolve("idx");
    Result result = CliTest.run("index", "--index", index.toString(), "--model", "hashing",
        docs.toString(), tmp.resolve("nope").toString());
    assertEquals(1, result.code(), result.err());
    assertEquals("relearn: no such file or folder: " + tmp.resolve("nope").toAbsolutePath()
        + "; nothing was indexed", result.err().strip());
    assertFalse(Files.exists(index), "no index was created");
    Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("nope"));
    Result dangling = CliTest.run("index", "--index", index.toString(), "--model", "hashing",
        link.toString());
    assertEquals("relearn: a symbolic link to nothing (its target is missing, or links loop): "
        + link.toAbsolutePath() + "; nothing was indexed", dangling.err().strip());
    for (String format : new String[] {"beir", "jsonl"}) {
      Result unsuited = CliTest.run("index", "--index", index.toString(), "--model", "hashing",
          "--format", format, docs.toString());
      assertEquals(1, unsuited.code(), unsuited.err());
      assertTrue(unsuited.err().strip().endsWith("; nothing was indexed"), unsuited.err());
      assertFalse(Files.exists(index), "no index was created for a path that is no " + format);
    }
  }

  @Test
  void aPortInUseIsNamed() throws Exception {
    Path index = indexOneDoc(tmp.resolve("idx"));
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      Result serve = CliTest.run(args("serve", index, "--port", String.valueOf(port)));
      assertEquals(1, serve.code(), serve.err());
      assertEquals("relearn: port " + port + " is already in use on 127.0.0.1; choose another"
          + " with --port", serve.err().strip());
    }
    assertTrue(CliTest.run(args("stats", index)).out().contains("chunks:   1"),
        "the index was closed again");
  }

  @Test
  void outOfRangeValuesAreUsageErrorsWithOneLine() throws Exception {
    Path seedFolder = Files.createDirectories(tmp.resolve("seeds"));
    Path index = indexOneDoc(tmp.resolve("idx"));
    List<List<String>> cases = List.of(
        List.of("search", "-k", "0", "q"), List.of("search", "--alpha", "1.5", "q"),
        List.of("search", "--alpha", "abc", "q"), List.of("search", "--mode", "magic", "q"),
        List.of("search", "--kind", "video", "q"), List.of("serve", "--port", "-1"),
        List.of("serve", "--port", "70000"), List.of("index", "--format", "pdf", "x"),
        List.of("weights", "--reset", "shouting"), List.of("search", "--threads", "0", "q"),
        List.of("feedback", "--feedback-durability", "never", "--query", "q", "--used", "x"),
        List.of("search", "--protect-query-vectors", "q"), // a read command: not an option
        List.of("search", "--threads", "100000", "q"), List.of("search", "--rrf-k", "0", "q"),
        List.of("search", "--fusion", "rrf", "--rrf-k", "0", "q"),
        List.of("search", "--fusion", "rrf", "--alpha", "0.3", "q"));
    for (List<String> command : cases) {
      Result result = CliTest.run(args(command.get(0), index,
          command.subList(1, command.size()).toArray(new String[0])));
      assertEquals(2, result.code(), command + ": " + result.err());
      String[] lines = result.err().strip().split("\n");
      assertEquals(2, lines.length, command + ": " + result.err());
      assertTrue(lines[0].startsWith("relearn: "), lines[0]);
      assertEquals("Try 'relearn " + command.get(0) + " --help' for more information.",
          lines[1]);
    }
    Result seed = CliTest.run(args("weights", index, "--seed", seedFolder.toString()));
    assertEquals(1, seed.code());
    assertEquals("relearn: --seed " + seedFolder + " is a folder, not a file",
        seed.err().strip());
  }

  @Test
  void anOptionOfTheOtherFusionOrTooManyThreadsIsNamed() throws Exception {
    Path index = indexOneDoc(tmp.resolve("idx"));
    Map<List<String>, String> expected = Map.of(
        List.of("--rrf-k", "5"), "relearn: --rrf-k applies only with --fusion rrf, got --fusion"
            + " minmax",
        List.of("--fusion", "rrf", "--alpha", "0.3"), "relearn: --alpha applies only with"
            + " --fusion minmax, got --fusion rrf",
        List.of("--threads", "100000"), "relearn: --threads must be in [1, 256], got: 100000",
        List.of("--explain", "--mode", "bm25"), "relearn: --explain shows a learned search's"
            + " breakdown; it cannot be combined with --mode bm25",
        List.of("--mode", "bm25", "--alpha", "0.3"), "relearn: --alpha applies only to hybrid"
            + " and learned searches, got --mode bm25",
        List.of("--mode", "vector", "--fusion", "rrf"), "relearn: --fusion applies only to"
            + " hybrid and learned searches, got --mode vector");
    for (Map.Entry<List<String>, String> c : expected.entrySet()) {
      List<String> command = new ArrayList<>(c.getKey());
      command.add("q");
      Result result = CliTest.run(args("search", index, command.toArray(new String[0])));
      assertEquals(2, result.code(), c.getKey() + ": " + result.err());
      assertEquals(c.getValue(), result.err().strip().split("\n")[0]);
    }
    Result rrf = CliTest.run(args("search", index, "--fusion", "rrf", "--rrf-k", "5", "q"));
    assertEquals(0, rrf.code(), "--rrf-k with --fusion rrf is accepted: " + rrf.err());
    Result explained = CliTest.run(args("search", index, "--explain", "--mode", "learned", "q"));
    assertEquals(0, explained.code(), "--explain with --mode learned: " + explained.err());
  }
}
