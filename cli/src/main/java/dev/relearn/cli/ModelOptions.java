package dev.relearn.cli;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.RelearnOptions;
import java.io.IOException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --model} and {@code --threads}: the embedder of every command that embeds. */
class ModelOptions {
  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "auto",
      description = "Embedder: auto (the index's model, else bge-small), bge-small, or hashing"
          + " (instant, much lower quality). Default: ${DEFAULT-VALUE}.")
  String model;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads the embedding model may use, 1 to 256 (default: cores, at most"
          + " 4).")
  Integer threads;

  /**
   * The default engine options with this model and threads, labelled with {@code spec}'s command
   * (such as {@code relearn index}) for another process that the index refuses; a bad value is a
   * usage error of that command.
   */
  RelearnOptions options(CommandSpec spec) throws IOException {
    RelearnOptions chosen = Errors.check(spec, () -> RelearnOptions.defaults()
        .withModel(ModelChoice.fromLabel(model)).withLockHolder(spec.qualifiedName()));
    int max = RelearnOptions.MAX_EMBED_THREADS;
    Errors.require(spec, threads == null || (threads >= 1 && threads <= max),
        "--threads must be in [1, " + max + "], got: " + threads);
    return threads == null ? chosen : chosen.withEmbedThreads(threads);
  }
}
