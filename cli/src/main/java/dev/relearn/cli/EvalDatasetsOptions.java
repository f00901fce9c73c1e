package dev.relearn.cli;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.beir.SharedDatasets;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The datasets, work folder and embedder of the commands that run on every shared dataset
 * ({@code eval report}, {@code eval tune}).
 */
final class EvalDatasetsOptions {
  @Option(names = "--datasets-dir", paramLabel = "DIR",
      description = "Folder of BEIR datasets (default: ../shared/datasets).")
  Path datasetsDir;

  @Option(names = "--datasets", paramLabel = "NAMES", split = ",",
      defaultValue = "scifact,nfcorpus,toollens",
      description = "Datasets, in report order (default: ${DEFAULT-VALUE}).")
  List<String> datasets;

  @Option(names = "--work", paramLabel = "DIR", defaultValue = ".relearn/eval",
      description = "Folder of the evaluation indexes (default: ${DEFAULT-VALUE}).")
  Path work;

  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "auto",
      description = "Embedder: auto (the index's model, else bge-small), bge-small, or hashing"
          + " (instant, much lower quality; for trying the command). Default: ${DEFAULT-VALUE}.")
  String model;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads the embedding model may use, 1 to 256 (default: cores, at most"
          + " 4).")
  Integer threads;

  /** The named datasets, opened (and checked) in order. */
  List<BeirDataset> open() throws IOException {
    Path root = datasetsDir != null ? datasetsDir : SharedDatasets.root();
    List<BeirDataset> opened = new ArrayList<>();
    for (String name : datasets) {
      opened.add(BeirDataset.open(root.resolve(name.strip())));
    }
    return opened;
  }

  /** Engine options: the model and threads, async durability, the command as holder. */
  RelearnOptions options(CommandSpec spec) throws IOException {
    return EngineOptions.withThreads(spec, Usage.check(spec,
        () -> RelearnOptions.defaults().withModel(ModelChoice.fromLabel(model))
            .withFeedbackDurability("async").withLockHolder(spec.qualifiedName())),
        threads);
  }
}
