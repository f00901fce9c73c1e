package dev.relearn.cli;

import dev.relearn.engine.ModelChoice;
import dev.relearn.feedback.log.Durability;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every command that opens an index shares. */
final class EngineOptions {
  @Option(names = "--index", paramLabel = "DIR", defaultValue = ".relearn",
      description = "Index folder (default: ${DEFAULT-VALUE} in the current directory).")
  Path index;

  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "auto",
      description = "Embedder: auto (the index's model, else bge-small), bge-small, or hashing"
          + " (instant, much lower quality). Default: ${DEFAULT-VALUE}.")
  String model;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads the embedding model may use (default: cores, at most 4).")
  Integer threads;

  @Option(names = "--vector-cache", paramLabel = "DIR",
      description = "Folder caching document vectors across runs (default: the RELEARN_VECTOR_CACHE"
          + " environment variable, else DIR/vector-cache).")
  Path vectorCache;

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
   * Opens read-write when no other process holds the index (so learned searches see similar past
   * queries), else read-only (learned searches then use the similar past queries of the writer's
   * last feedback checkpoint).
   */
  Relearn openPreferWritable() throws IOException {
    if (!java.nio.file.Files.isDirectory(index)) {
      return open(true); // read-only open explains that there is no index
    }
    try {
      return open(false);
    } catch (dev.relearn.engine.IndexInUseException e) {
      return open(true);
    }
  }

  /** Opens the engine these options describe. */
  Relearn open(boolean readOnly) throws IOException {
    return Relearn.open(index, options(readOnly));
  }

  private static Durability durability(String label) {
    return switch (label.toLowerCase(java.util.Locale.ROOT)) {
      case "request" -> Durability.REQUEST;
      case "async" -> Durability.ASYNC;
      default -> throw new IllegalArgumentException(
          "unknown feedback durability: '" + label + "'; expected request or async");
    };
  }

  /** The engine options these flags describe. */
  RelearnOptions options(boolean readOnly) {
    RelearnOptions options = RelearnOptions.defaults()
        .withModel(ModelChoice.fromLabel(model))
        .withQueryInstruction(!noQueryInstruction)
        .withReadOnly(readOnly)
        .withProtectedQueryVectors(protectQueryVectors)
        .withFeedbackDurability(durability(feedbackDurability));
    if (threads != null) {
      options = options.withEmbedThreads(threads);
    }
    Path cache = vectorCache;
    if (cache == null && System.getenv("RELEARN_VECTOR_CACHE") != null) {
      cache = Path.of(System.getenv("RELEARN_VECTOR_CACHE"));
    }
    return options.withVectorCacheDir(cache);
  }
}
