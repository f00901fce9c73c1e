package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A required option or parameter left out is a usage error of every command alike: exit code 2,
 * one line naming what is missing and a pointer to the command's help, before anything is
 * opened or created. Also those picocli cannot require ({@code --dataset} of {@code eval} and
 * {@code bench}, whose subcommands do not take it), which say "Required." in their help.
 */
class MissingRequiredOptionTest {
  @TempDir Path tmp;

  /** Each case: the arguments, then what the message must name; by command. */
  private static final Map<String, List<List<String>>> CASES = new LinkedHashMap<>();

  static {
    CASES.put("relearn index", List.of(List.of("index", "PATH")));
    CASES.put("relearn remove", List.of(List.of("remove", "PATH")));
    CASES.put("relearn search", List.of(List.of("search", "QUERY")));
    CASES.put("relearn eval", List.of(List.of("eval", "--dataset")));
    CASES.put("relearn eval learn", List.of(List.of("eval learn", "--dataset")));
    CASES.put("relearn eval score", List.of(List.of("eval score", "--run"),
        List.of("eval score --run r.run", "--dataset"), List.of("eval score --run r.run",
            "--qrels")));
    CASES.put("relearn bench", List.of(List.of("bench", "--dataset")));
    CASES.put("relearn bench indexing", List.of(List.of("bench indexing", "--dataset")));
    CASES.put("relearn feedback", List.of(List.of("feedback --used x#1", "--query"),
        List.of("feedback --query q", "--used")));
    CASES.put("relearn forget", List.of(List.of("forget", "--session"),
        List.of("forget", "--all")));
  }

  /**
   * What each command requires: the options and parameters picocli requires (an option of an
   * optional group only if that group is given), and the options whose help says "Required.".
   */
  private static Map<String, Set<String>> required() {
    Map<String, Set<String>> all = new LinkedHashMap<>();
    for (CommandLine cli : AllCommands.of()) {
      CommandSpec spec = cli.getCommandSpec();
      Set<String> names = new TreeSet<>();
      for (OptionSpec option : spec.options()) {
        String[] description = option.description();
        boolean requiredGroup = option.group() == null || option.group().multiplicity().min() > 0;
        if ((option.required() && requiredGroup) || (description.length > 0
            && description[description.length - 1].endsWith("Required."))) {
          names.add(option.longestName());
        }
      }
      for (PositionalParamSpec parameter : spec.positionalParameters()) {
        if (parameter.required()) {
          names.add(parameter.paramLabel());
        }
      }
      if (!names.isEmpty()) {
        all.put(spec.qualifiedName(), names);
      }
    }
    return all;
  }

  @Test
  void everyRequiredOptionIsCovered() {
    Map<String, Set<String>> covered = new LinkedHashMap<>();
    CASES.forEach((command, cases) -> covered.put(command,
        new TreeSet<>(cases.stream().map(c -> c.get(1)).toList())));
    required().forEach((command, names) ->
        assertTrue(covered.containsKey(command) && covered.get(command).containsAll(names),
            command + " requires " + names + ", and a case below should leave each out: "
                + covered.get(command)));
  }

  @Test
  void leavingOutARequiredOptionIsAUsageErrorNamingIt() throws Exception {
    Path index = tmp.resolve("idx");
    Files.writeString(tmp.resolve("r.run"), "q1 Q0 a 1 1 x\n");
    for (Map.Entry<String, List<List<String>>> command : CASES.entrySet()) {
      for (List<String> c : command.getValue()) {
        List<String> args = new ArrayList<>();
        for (String word : c.get(0).split(" ")) {
          args.add(word.equals("r.run") ? tmp.resolve("r.run").toString() : word);
        }
        if (command.getKey().equals("relearn bench indexing")) { // works in its own folders
          args.addAll(List.of("--model", "hashing"));
        } else if (!command.getKey().equals("relearn eval score")) { // the other opens no index
          args.addAll(List.of("--index", index.toString(), "--model", "hashing"));
        }
        Result result = CliTest.run(args.toArray(new String[0]));
        assertEquals(2, result.code(), args + ": " + result.err());
        String[] lines = result.err().strip().split("\n");
        assertEquals(2, lines.length, args + ": " + result.err());
        assertTrue(lines[0].startsWith("relearn: ") && lines[0].contains(c.get(1)),
            args + ": " + lines[0]);
        assertEquals("Try '" + command.getKey() + " --help' for more information.", lines[1]);
        assertTrue(result.out().isEmpty(), args + ": " + result.out());
        assertFalse(Files.exists(index), args + " created the index");
      }
    }
  }

  @Test
  void anUnknownOptionIsNamedRatherThanTheParameterItHides() {
    Result result = CliTest.run("search", "--bogus");
    assertEquals(2, result.code(), result.err());
    assertEquals("relearn: Unknown option: '--bogus'", result.err().lines().findFirst()
        .orElseThrow());
  }
}
