package dev.relearn.cli;

import dev.relearn.engine.IndexNotWritableException;
import dev.relearn.engine.NotAnIndexFolderException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.util.IOSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * How the command line reports what went wrong: one line on stderr, "relearn: ...". Usage errors
 * (exit code 2), such as option values the engine rejects, point to the command's help; other
 * failures (exit code 1) print the exception's message ({@code RELEARN_DEBUG=1}: the trace).
 */
final class Errors {
  private Errors() {}

  /**
   * {@code value.get()}, a value computed from options: an {@link IllegalArgumentException} is a
   * bad value, a usage error of {@code spec}.
   */
  static <T> T check(CommandSpec spec, IOSupplier<T> value) throws IOException {
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

  /** The unknown option behind a missing parameter ({@code search --bogus}), or null. */
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

  /** Prints a failure as "relearn: SENTENCE"; returns exit code 1. */
  static int failed(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
    if (e instanceof NotAnIndexFolderException refused) { // an index folder no option checked
      return handle(new ParameterException(cli, refused.getMessage(), e),
          parsed.originalArgs().toArray(new String[0]));
    }
    PrintWriter err = cli.getErr();
    err.println("relearn: " + failure(e));
    if ("1".equals(System.getenv("RELEARN_DEBUG"))) {
      e.printStackTrace(err);
    }
    err.flush();
    return 1;
  }

  /** What a command that failed with {@code e} says: a full disk with what to do. */
  static String failure(Throwable e) {
    String said = sentence(e);
    return !said.contains("No space left on device") ? said : "the disk is full (" + said
        + "). What was written before is kept (stats says what); free some space and run the"
        + " command again: it goes on from there";
  }

  /** A failure in one sentence: its message (worded where only a path), else its class. */
  static String sentence(Throwable e) {
    if (e instanceof UncheckedIOException unchecked && unchecked.getCause() != null) {
      return sentence(unchecked.getCause());
    }
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName();
    }
    return switch (e) {
      case NoSuchFileException missing -> "no such file or folder: " + message;
      case NotDirectoryException notFolder -> "not a folder: " + message;
      case FileAlreadyExistsException inTheWay -> "a file is in the way: " + message;
      case IndexNotWritableException notWritable -> message; // a sentence already
      case AccessDeniedException denied -> "permission denied: " + message;
      case CorruptIndexException damaged -> "the index is damaged (" + message + "). Restore its"
          + " folder from a backup, or index your sources into a new folder";
      case IndexFormatTooOldException old -> "the index was written by an older Lucene: "
          + message + ". Index your sources into a new folder";
      case IndexFormatTooNewException newer -> "the index was written by a newer relearn: "
          + message;
      default -> message;
    };
  }
}
