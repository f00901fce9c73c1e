package dev.relearn.cli;

import dev.relearn.engine.IndexInUseException;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.NotAnIndexFolderException;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The options every command that opens an index shares. */
final class EngineOptions {
  @Spec(Spec.Target.MIXEE) CommandSpec mixee;

  @Option(names = "--index", paramLabel = "DIR", defaultValue = ".relearn",
      description = "Index folder (default: ${DEFAULT-VALUE} in the current directory; eval,"
          + " eval learn and bench: .relearn/eval/<dataset>).")
  Path index;

  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "auto",
      description = "Embedder: auto (the index's model, else bge-small), bge-small, or hashing"
          + " (instant, much lower quality). Default: ${DEFAULT-VALUE}.")
  String model;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads the embedding model may use, 1 to 256 (default: cores, at most"
          + " 4).")
  Integer threads;

  @Option(names = "--no-query-instruction", negatable = false,
      description = "Embed queries without bge's retrieval instruction.")
  boolean noQueryInstruction;

  @Option(names = "--protect-query-vectors", negatable = false,
      description = "Store feedback query vectors rotated by a per-install secret and int8"
          + " quantised (see docs/PRIVACY.md); once on for an index, it stays on.")
  boolean protectQueryVectors;

  @Option(names = "--feedback-durability", paramLabel = "MODE", defaultValue = "request",
      description = "request: feedback is acknowledged after an fsync (default); async: fsync"
          + " every 200 ms, so feedback acknowledged in the last 200 ms before a crash may be"
          + " lost.")
  String feedbackDurability;

  /**
   * Opens the existing index read-write when no other process holds it (so learned searches see
   * similar past queries), else read-only (learned searches then use the similar past queries of
   * the writer's last feedback checkpoint); also read-only when the folder cannot be written, as
   * an index installed read-only. When {@code readOnlyNote} is not null and the index is opened
   * read-only, says why on {@code err}, followed by the note.
   */
  Relearn openPreferWritable(PrintWriter err, String readOnlyNote) throws IOException {
    RelearnOptions writable = options(false);
    IndexFolder.requireExisting(index);
    String reason;
    try {
      return openEngine(writable);
    } catch (IndexInUseException e) { // its advice ("open it read-only") is what happens next
      reason = "index " + index + " is in use by "
          + (e.holder() != null ? e.holder() : "another process");
    } catch (AccessDeniedException e) {
      if (!inIndex(e.getFile())) {
        throw e;
      }
      reason = "cannot write to " + index + " (permission denied)";
    }
    if (readOnlyNote != null) {
      err.println("relearn: " + reason + "; " + readOnlyNote);
      err.flush();
    }
    return openEngine(options(true));
  }

  /** Whether {@code file} (as an exception names it) is inside the index folder. */
  private boolean inIndex(String file) {
    return file != null && Path.of(file).toAbsolutePath().normalize()
        .startsWith(index.toAbsolutePath().normalize());
  }

  /** {@link #openPreferWritable(PrintWriter, String)} without a note. */
  Relearn openPreferWritable() throws IOException {
    return openPreferWritable(null, null);
  }

  /**
   * Opens the existing index these options describe.
   *
   * @throws IllegalArgumentException when there is none: only {@link #openOrCreate} creates one
   */
  Relearn open(boolean readOnly) throws IOException {
    RelearnOptions options = options(readOnly);
    IndexFolder.requireExisting(index);
    return openWriting(options);
  }

  /** Opens the index read-write, creating it when there is none. */
  Relearn openOrCreate() throws IOException {
    return openOrCreate(options(false));
  }

  /** Opens the index read-write with {@code options}, creating it when there is none. */
  Relearn openOrCreate(RelearnOptions options) throws IOException {
    IndexFolder.requireCreatable(index);
    return openWriting(options);
  }

  /**
   * Opens with {@code options}; a command that must write and finds the index held by another
   * process waits for a short-lived holder ({@link LockWait}), then says what to do from the
   * command line (the engine's message suggests a read-only open, which such a command cannot
   * use).
   */
  private Relearn openWriting(RelearnOptions options) throws IOException {
    if (options.readOnly()) {
      return openEngine(options);
    }
    try {
      return lockWait().open(() -> openEngine(options), mixee.commandLine().getErr());
    } catch (IndexInUseException e) {
      String holder = e.holder() == null ? "a relearn serve, mcp or index holds its write lock"
          : "held by " + e.holder();
      throw new IllegalStateException("index in use by another process: "
          + index.toAbsolutePath().normalize() + " (" + holder + "); this command writes, so stop"
          + " that process and run it again. Searches work meanwhile.", e);
    }
  }

  /** The command's {@code --wait}, or the default wait when it has none. */
  private LockWait lockWait() {
    for (CommandSpec mixin : mixee.mixins().values()) {
      if (mixin.userObject() instanceof LockWait wait) {
        return wait;
      }
    }
    return LockWait.byDefault();
  }

  /**
   * {@link Relearn#open}; a folder that is neither empty nor a relearn index is a usage error of
   * {@code --index}, as the engine refuses it before writing anything.
   */
  private Relearn openEngine(RelearnOptions options) throws IOException {
    try {
      return Relearn.open(index, options);
    } catch (NotAnIndexFolderException e) {
      throw new ParameterException(mixee.commandLine(), "--index " + e.getMessage(), e);
    }
  }

  /**
   * The engine options these flags describe, with the command's name (such as {@code relearn
   * index}) as the label another process refused the index sees; a bad value is a usage error.
   */
  RelearnOptions options(boolean readOnly) throws IOException {
    RelearnOptions chosen = Usage.check(mixee, () -> RelearnOptions.defaults()
        .withModel(ModelChoice.fromLabel(model))
        .withQueryInstruction(!noQueryInstruction)
        .withReadOnly(readOnly)
        .withProtectedQueryVectors(protectQueryVectors)
        .withFeedbackDurability(feedbackDurability)
        .withLockHolder(mixee.qualifiedName()));
    return withThreads(mixee, chosen, threads);
  }

  /** {@code chosen} with {@code --threads} (a usage error of {@code spec} when out of range). */
  static RelearnOptions withThreads(CommandSpec spec, RelearnOptions chosen, Integer threads) {
    int max = RelearnOptions.MAX_EMBED_THREADS;
    Usage.require(spec, threads == null || (threads >= 1 && threads <= max),
        "--threads must be in [1, " + max + "], got: " + threads);
    return threads == null ? chosen : chosen.withEmbedThreads(threads);
  }
}
