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

  /**
   * The named datasets, opened in order and checked before any is evaluated: each must be a BEIR
   * folder with the {@code splits} the command runs, each with a query that has a text and a
   * relevant document (a usage error of {@code spec}, or a failure naming the dataset).
   */
  List<BeirDataset> open(CommandSpec spec, String... splits) throws IOException {
    Path root = datasetsDir != null ? datasetsDir : SharedDatasets.root();
    List<BeirDataset> opened = new ArrayList<>();
    for (String name : datasets) {
      BeirDataset dataset = DatasetOptions.open(spec, "--datasets", root.resolve(name.strip()));
      String option = "--datasets " + dataset.name() + " needs split";
      for (String split : splits) {
        DatasetOptions.requireSplit(spec, dataset, option, split);
        DatasetOptions.requireRelevantQueries(dataset, option, split);
      }
      opened.add(dataset);
    }
    return opened;
  }

  /** The engine options of {@link ModelOptions}, with async durability. */
  @Override
  RelearnOptions options(CommandSpec spec) throws IOException {
    return super.options(spec).withFeedbackDurability("async");
  }
}
