package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Every command's --help ends with 2 to 4 examples, shown unwrapped, and every example parses
 * with the command's current options (without running it) as the command whose help shows it (the
 * top-level help shows subcommands): an option renamed or removed breaks the build, not the user's
 * copy and paste.
 */
class HelpExamplesTest {
  /** The footer's examples: its lines, a line ending in " \" joined with the next. */
  static List<String> examples(String[] footer) {
    List<String> examples = new ArrayList<>();
    StringBuilder pending = new StringBuilder();
    for (String line : footer) {
      pending.append(pending.isEmpty() ? line.strip() : " " + line.strip());
      if (line.endsWith(" \\")) {
        pending.setLength(pending.length() - 2);
      } else {
        examples.add(pending.toString());
        pending.setLength(0);
      }
    }
    assertTrue(pending.isEmpty(), "a footer ends in a continued line: " + pending);
    return examples;
  }

  /** {@code line} split into words as a POSIX shell does for plain and quoted words. */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        assertFalse("\\$`*?;&|<>(){}".indexOf(c) >= 0, "no shell syntax in an example: " + line);
        word.append(c);
        inWord = true;
      }
    }
    assertEquals(0, quote, "an unclosed quote: " + line);
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }

  @Test
  void wordsSplitsAsTheShellDoes() {
    assertEquals(List.of("relearn", "search", "how do I", "it's", "x"),
        words("relearn  search \"how do I\" 'it'\"'\"'s' x"));
    assertEquals(List.of("a b", "c d"), examples(new String[] {"  a \\", "    b", "  c d"}));
  }

  @Test
  void everyCommandShowsExamplesThatParseAsThatCommand() {
    List<CommandLine> all = AllCommands.of();
    assertTrue(all.size() >= 20, "every command and subcommand: " + all.size());
    for (CommandLine command : all) {
      String name = command.getCommandSpec().qualifiedName();
      CommandLine.Model.UsageMessageSpec usage = command.getCommandSpec().usageMessage();
      assertEquals(CliCommand.EXAMPLES, usage.footerHeading(), name);
      List<String> examples = examples(usage.footer());
      assertTrue(examples.size() >= 2 && examples.size() <= 4, name + ": " + examples);
      List<String> args = new ArrayList<>(List.of(name.split(" ")).subList(1,
          name.split(" ").length));
      args.add("--help");
      String help = CliTest.run(args.toArray(new String[0])).out();
      assertTrue(help.contains("\nExamples:\n"), name + ": " + help);
      for (String line : usage.footer()) {
        assertTrue(line.length() <= 79 && help.contains("\n" + line + "\n"),
            name + ": an example line is wrapped or too long: " + line);
      }
      for (String example : examples) {
        List<String> words = words(example);
        assertEquals("relearn", words.get(0), example);
        ParseResult parsed;
        try {
          parsed = new CommandLine(new RelearnCli())
              .parseArgs(words.subList(1, words.size()).toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
          fail(name + ": the example does not parse: " + example + ": " + e.getMessage());
          return;
        }
        while (parsed.hasSubcommand()) {
          parsed = parsed.subcommand();
        }
        String parsedAs = parsed.commandSpec().qualifiedName();
        assertTrue(command.getParent() == null || parsedAs.equals(name),
            name + " shows an example of " + parsedAs + ": " + example);
      }
    }
  }
}
