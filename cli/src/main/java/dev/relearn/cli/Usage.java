package dev.relearn.cli;

import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Usage errors (exit code 2): option values the engine rejects become picocli {@link
 * ParameterException}s, checked before any slow work, and are printed as one line plus a pointer
 * to the command's help instead of the whole help text.
 */
final class Usage {
  private Usage() {}

  /** A value computed from options, where {@link IllegalArgumentException} means a bad value. */
  @FunctionalInterface
  interface OptionValue<T> {
    T get() throws IOException;
  }

  /**
   * Returns {@code value.get()}, turning an {@link IllegalArgumentException} (whose message names
   * the bad value) into a usage error of {@code spec}'s command.
   */
  static <T> T check(CommandSpec spec, OptionValue<T> value) throws IOException {
    try {
      return value.get();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  /** A usage error of {@code spec}'s command unless {@code ok}. */
  static void require(CommandSpec spec, boolean ok, String message) {
    if (!ok) {
      throw new ParameterException(spec.commandLine(), message);
    }
  }

  /**
   * The unknown option behind a missing parameter, or null: picocli reports {@code relearn search
   * --bogus} as a missing QUERY, which hides the typo.
   */
  private static String unknownOption(ParameterException e) {
    if (!(e instanceof CommandLine.MissingParameterException)) {
      return null;
    }
    CommandLine.ParseResult parsed = e.getCommandLine().getParseResult();
    if (parsed == null) {
      return null;
    }
    return parsed.unmatched().stream().filter(arg -> arg.startsWith("-") && arg.length() > 1)
        .findFirst().orElse(null);
  }

  /** Prints a usage error as "relearn: MESSAGE" and where to find help; returns exit code 2. */
  static int handle(ParameterException e, String[] args) {
    CommandLine cli = e.getCommandLine();
    PrintWriter err = cli.getErr();
    // picocli leaves an empty argument after a list's first value unmatched, unconverted
    boolean emptyLeftOver = e instanceof CommandLine.UnmatchedArgumentException unmatched
        && unmatched.getUnmatched().stream().anyMatch(String::isBlank);
    String unknown = unknownOption(e);
    err.println("relearn: " + (emptyLeftOver ? "an argument is empty ('');"
        + " give a file or folder (. for the current folder), or leave it out"
        : unknown != null ? "Unknown option: '" + unknown + "'" : e.getMessage()));
    if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, err)) {
      err.println("Try '" + cli.getCommandSpec().qualifiedName() + " --help' for more"
          + " information.");
    }
    err.flush();
    return cli.getCommandSpec().exitCodeOnInvalidInput();
  }
}
