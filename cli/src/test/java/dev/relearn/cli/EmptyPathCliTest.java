package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * An empty (or blank) path is a usage error naming the option or argument, in every command: it
 * used to mean the working folder, so {@code relearn index ''} indexed it, {@code relearn remove
 * ''} removed it and {@code --index ''} opened it as an index. The working folder (here the
 * module's) must stay untouched.
 */
class EmptyPathCliTest {
  /** Whether an option or argument takes paths. */
  private static boolean takesPaths(ArgSpec arg) {
    return arg.type() == Path.class || (List.class.isAssignableFrom(arg.type())
        && arg.auxiliaryTypes().length > 0 && arg.auxiliaryTypes()[0] == Path.class);
  }

  @Test
  void everyPathOptionAndArgumentRefusesAnEmptyValue() {
    List<String> checked = new ArrayList<>();
    Path working = Path.of("").toAbsolutePath();
    for (CommandLine cli : AllCommands.of()) {
      CommandSpec spec = cli.getCommandSpec();
      List<String> command = List.of(spec.qualifiedName().split(" ")).subList(1,
          spec.qualifiedName().split(" ").length);
      for (OptionSpec option : spec.options()) {
        if (takesPaths(option)) {
          for (String value : List.of("", "  ")) {
            List<String> args = new ArrayList<>(command);
            args.addAll(List.of(option.longestName(), value));
            refused(args, "Invalid value for option '" + option.longestName() + "'");
          }
          checked.add(spec.qualifiedName() + " " + option.longestName());
        }
      }
      for (PositionalParamSpec parameter : spec.positionalParameters()) {
        if (takesPaths(parameter)) {
          List<String> args = new ArrayList<>(command);
          args.add("");
          refused(args, "(" + parameter.paramLabel() + ")");
          checked.add(spec.qualifiedName() + " " + parameter.paramLabel());
        }
      }
    }
    assertTrue(checked.containsAll(List.of("relearn index PATH", "relearn remove PATH",
        "relearn index --index", "relearn eval --dataset",
        "relearn bench indexing --work", "relearn eval score --qrels", "relearn demo --source")),
        checked.toString());
    assertFalse(Files.exists(working.resolve(".relearn")), "nothing indexed in " + working);
  }

  @Test
  void anEmptyArgumentAfterAPathIsNamedToo() {
    for (String command : List.of("index", "remove")) {
      Result result = CliTest.run(command, "--index", "nowhere", "somewhere", "");
      assertEquals(2, result.code(), command + ": " + result.err());
      assertTrue(result.err().startsWith("relearn: an argument is empty (''); give a file or"
          + " folder (. for the current folder), or leave it out\n"), result.err());
    }
  }

  private static void refused(List<String> args, String naming) {
    Result result = CliTest.run(args.toArray(new String[0]));
    assertEquals(2, result.code(), args + ": " + result.err());
    assertTrue(result.err().startsWith("relearn: Invalid value for ")
        && result.err().lines().findFirst().orElseThrow().contains(naming),
        args + ": " + result.err());
    assertTrue(result.err().contains(" path; give a file or folder (. for the current folder)"),
        args + ": " + result.err());
    assertTrue(result.out().isEmpty(), args + ": " + result.out());
  }
}
