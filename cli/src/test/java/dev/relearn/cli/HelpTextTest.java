package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's --help: whole sentences, no word split by the wrapping, true defaults. */
class HelpTextTest {
  private static final Pattern STRANDED = Pattern.compile("\\s[(\\['\"]?\\.{1,2}$|\\se\\.$");

  @Test
  void descriptionsAreWholeSentencesAndWrapBetweenWords() {
    List<CommandLine> all = AllCommands.of();
    assertTrue(all.size() >= 16, "every command and eval's subcommands: " + all.size());
    for (CommandLine command : all) {
      String name = command.getCommandSpec().qualifiedName();
      for (String paragraph : command.getCommandSpec().usageMessage().description()) {
        assertTrue(paragraph.matches("(?s).*[.:)\"]"), name + ": a paragraph breaks a sentence: "
            + paragraph);
        assertFalse(paragraph.contains("%n"), name);
      }
      String[] args = new ArrayList<>(List.of(name.split(" "))).subList(1,
          name.split(" ").length).toArray(new String[0]);
      List<String> withHelp = new ArrayList<>(List.of(args));
      withHelp.add("--help");
      CliTest.Result help = CliTest.run(withHelp.toArray(new String[0]));
      assertEquals(0, help.code(), name);
      for (String line : help.out().split("\n")) {
        assertFalse(STRANDED.matcher(line).find(), name + ": a word split at a dot: " + line);
      }
    }
  }

  @Test
  void evalHelpShowsItsIndexAndThatTheDatasetIsRequired() {
    String eval = CliTest.run("eval", "--help").out();
    assertTrue(eval.startsWith("Usage: relearn eval --dataset=BEIR_DIR "), eval);
    assertTrue(eval.contains(".relearn/eval/<dataset>"), eval);
    assertTrue(eval.contains("eval, eval learn and bench:"), eval);
    String learn = CliTest.run("eval", "learn", "--help").out();
    assertTrue(learn.contains("--index the index is\n.relearn/eval/<dataset>, and"), learn);
    assertTrue(CliTest.run("eval", "report", "--help").out()
        .contains("\n                               ../shared/datasets)."));
    assertTrue(CliTest.run("forget", "--help").out().contains("touched go entirely."));
  }

  @Test
  void mendMovesAStrandedDotOntoItsWord() {
    assertEquals("the index is\n  .relearn/eval",
        HelpWrapping.mend("the index is .\n  relearn/eval"));
    assertEquals("a\n  e.g. x", HelpWrapping.mend("a e.\n  g. x"));
    assertEquals("ends here.\nNext", HelpWrapping.mend("ends here.\nNext"));
  }
}
