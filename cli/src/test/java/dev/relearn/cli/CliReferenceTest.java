package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** docs/CLI.md's command reference is what the commands' picocli model says, within its limits. */
class CliReferenceTest {
  /** Set to true to rewrite docs/CLI.md's generated block instead of checking it. */
  static final String WRITE = "relearn.cli.writeReference";
  private static final Path FILE = Path.of("..", "docs", "CLI.md");

  @Test
  void docsCliIsCurrent() throws Exception {
    String text = Files.readString(FILE);
    if (Boolean.getBoolean(WRITE)) {
      Files.writeString(FILE, CliReference.replaced(text));
      System.out.println("rewrote " + FILE.toAbsolutePath().normalize());
      return;
    }
    String block = CliReference.block(text);
    assertNotNull(block, "docs/CLI.md has no generated block");
    assertEquals(CliReference.render(), block, "docs/CLI.md is not current with the commands."
        + " Regenerate it with: mvn -B -o -q -pl cli -am verify -Dtest=CliReferenceTest"
        + " -Dsurefire.failIfNoSpecifiedTests=false -D" + WRITE + "=true"
        + " (or: java -cp cli/target/relearn.jar dev.relearn.cli.CliReference docs/CLI.md)");
  }

  @Test
  void everyOptionIsOneLineOfAtMostThirtyWords() {
    for (String line : CliReference.render().split("\n")) {
      if (line.startsWith("- `")) {
        String text = line.substring(line.indexOf(": ") + 2);
        assertTrue(text.split(" ").length <= CliReference.MAX_WORDS, line);
        assertFalse(text.endsWith("…"), "a first sentence over 30 words was cut: " + line);
      }
    }
  }

  @Test
  void everyCommandHasASection() {
    String reference = CliReference.render();
    for (CommandLine command : AllCommands.of().subList(1, AllCommands.of().size())) {
      String name = command.getCommandSpec().qualifiedName();
      assertTrue(reference.contains("\n## `" + name + "`\n"), name);
    }
  }

  @Test
  void everyCommandIsSummedUpInWholeSentencesOfAtMostThirtyWords() {
    for (CommandLine command : AllCommands.of().subList(1, AllCommands.of().size())) {
      String summary = CliReference.summary(command.getCommandSpec());
      assertFalse(summary.isBlank() || summary.endsWith("…"), command.getCommandName());
    }
  }

  @Test
  void sharedOptionGroupsAreListedOnceAndLinked() {
    String reference = CliReference.render();
    assertEquals(1, reference.split("- `--feedback-durability` ", -1).length - 1, reference);
    assertTrue(reference.contains("\n## `relearn feedback`\n"), reference);
    String feedback = reference.substring(reference.indexOf("\n## `relearn feedback`\n"));
    feedback = feedback.substring(0, feedback.indexOf("\n## ", 2));
    assertTrue(feedback.contains("- shared: `--json`, [engine](#engine-options),"
        + " [write](#write-options), [lock wait](#lock-wait-options),"
        + " [cluster](#cluster-options)\n"), feedback);
    assertEquals(1, reference.split("- `--json`: Print one JSON object.\n", -1).length - 1,
        "--json is listed once");
  }

  @Test
  void wordsKeepsWholeSentencesWithinTheLimit() {
    String sentence = "one two three four five six seven eight nine ten.";
    String text = sentence + " " + sentence + " " + sentence + " " + sentence;
    assertEquals(sentence + " " + sentence + " " + sentence, CliReference.words(text));
    assertEquals("a b.", CliReference.words(" a\n  b. "));
  }
}
