package dev.relearn.cli;

import dev.relearn.engine.IndexInUseException;
import dev.relearn.engine.IndexNotWritableException;
import dev.relearn.engine.NotAnIndexFolderException;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The options every command that opens an index shares, and how it opens it. */
final class EngineOptions extends ModelOptions {
  @Spec(Spec.Target.MIXEE) CommandSpec mixee;

  @Option(names = "--index", paramLabel = "DIR", defaultValue = ".relearn",
      description = "Index folder (default: ${DEFAULT-VALUE} in the current directory; eval,"
          + " eval learn and bench: .relearn/eval/<dataset>).")
  Path index;

  @Option(names = "--no-query-instruction", negatable = false,
      description = "Embed queries without bge's retrieval instruction.")
  boolean noQueryInstruction;

  /**
   * Opens the existing index read-write, else read-only when another process holds it or the
   * folder cannot be written, then saying why and {@code readOnlyNote} (unless null) on stderr.
   */
  Relearn openPreferWritable(String readOnlyNote) throws IOException {
    return openPreferWritable(readOnlyNote, false);
  }

  /**
   * {@link #openPreferWritable(String)}, first waiting {@value LockWait#DEFAULT_SECONDS} s for
   * another relearn command holding the index when {@code waitForCommands}: a server that came up
   * read-only during a {@code relearn search} would stay so until restarted.
   */
  Relearn openPreferWritable(String readOnlyNote, boolean waitForCommands) throws IOException {
    RelearnOptions writable = options(false);
    PathChecks.requireIndex(index);
    String reason;
    try {
      return waitForCommands
          ? new LockWait().open(() -> openEngine(writable), mixee.commandLine().getErr())
          : openEngine(writable);
    } catch (IndexInUseException e) { // its advice ("open it read-only") is what happens next
      reason = "index " + index + " is in use by "
          + (e.holder() != null ? e.holder() : "another process");
    } catch (IndexNotWritableException e) {
      reason = "cannot write to " + index + " (permission denied)";
    }
    if (readOnlyNote != null) {
      mixee.commandLine().getErr().println("relearn: " + reason + "; " + readOnlyNote);
      mixee.commandLine().getErr().flush();
    }
    return openEngine(options(true));
  }

  /** Opens the existing index; none is an {@link IllegalArgumentException}. */
  Relearn open(boolean readOnly) throws IOException {
    RelearnOptions options = options(readOnly);
    PathChecks.requireIndex(index);
    return readOnly ? openEngine(options) : openWriting(options);
  }

  /** Opens the index read-write with {@code options}, creating it when there is none. */
  Relearn openOrCreate(RelearnOptions options) throws IOException {
    PathChecks.requireFolder(index);
    return openWriting(options);
  }

  /** Opens read-write, waiting for a short-lived holder ({@link LockWait}). */
  private Relearn openWriting(RelearnOptions options) throws IOException {
    LockWait wait = mixin(LockWait.class).orElseGet(LockWait::new); // the default wait
    try {
      return wait.open(() -> openEngine(options), mixee.commandLine().getErr());
    } catch (IndexInUseException e) {
      String holder = e.holder() == null ? "a relearn serve, mcp or index holds its write lock"
          : "held by " + e.holder();
      String label = e.holder() == null ? "" : e.holder().label();
      String instead = label.startsWith("relearn serve") ? " Feedback can go to that server"
          + " instead (POST /api/feedback)."
          : label.startsWith("relearn mcp") ? " An agent host started it: stop the host's relearn"
              + " mcp, or record feedback through its record_feedback tool." : "";
      throw new IllegalStateException("index in use by another process: "
          + index.toAbsolutePath().normalize() + " (" + holder + "); this command writes, so stop"
          + " that process and run it again. Searches work meanwhile." + instead, e);
    }
  }

  /** {@link Relearn#open}; a folder neither empty nor an index is a usage error of --index. */
  private Relearn openEngine(RelearnOptions options) throws IOException {
    try {
      return Relearn.open(index, options);
    } catch (NotAnIndexFolderException e) {
      throw new ParameterException(mixee.commandLine(), "--index " + e.getMessage(), e);
    }
  }

  /**
   * The engine options these flags describe, with the command's {@link WriteOptions}
   * when it has them; a bad value is a usage error.
   */
  RelearnOptions options(boolean readOnly) throws IOException {
    RelearnOptions chosen = options(mixee).withQueryInstruction(!noQueryInstruction)
        .withReadOnly(readOnly);
    return Errors.check(mixee, () -> mixin(WriteOptions.class)
        .map(writes -> writes.apply(chosen)).orElse(chosen));
  }

  /** The command's mixin of {@code type}, if it has one. */
  private <T> Optional<T> mixin(Class<T> type) {
    return mixee.mixins().values().stream().map(CommandSpec::userObject)
        .filter(type::isInstance).map(type::cast).findFirst();
  }
}
