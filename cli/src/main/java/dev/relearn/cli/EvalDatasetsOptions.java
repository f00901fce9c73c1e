package dev.relearn.cli;

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
 * The datasets, work folder and embedder ({@link ModelOptions}) of the commands that run on every
 * shared dataset ({@code eval report}, {@code eval tune}).
 */
final class EvalDatasetsOptions extends ModelOptions {
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

  /** The named datasets, opened (and checked: a usage error of {@code spec}) in order. */
  List<BeirDataset> open(CommandSpec spec) throws IOException {
    Path root = datasetsDir != null ? datasetsDir : SharedDatasets.root();
    List<BeirDataset> opened = new ArrayList<>();
    for (String name : datasets) {
      opened.add(DatasetOptions.open(spec, "--datasets", root.resolve(name.strip())));
    }
    return opened;
  }

  /** The engine options of {@link ModelOptions}, with async durability. */
  @Override
  RelearnOptions options(CommandSpec spec) throws IOException {
    return super.options(spec).withFeedbackDurability("async");
  }
}
