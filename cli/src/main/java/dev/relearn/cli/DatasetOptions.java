package dev.relearn.cli;

import dev.relearn.eval.beir.BeirDataset;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The BEIR dataset and split that {@code eval} and {@code bench} run on. */
final class DatasetOptions {
  @Option(names = "--dataset", paramLabel = "BEIR_DIR", required = true,
      description = "A BEIR folder: corpus.jsonl(.gz), queries.jsonl, qrels/<split>.tsv,"
          + " e.g. ../shared/datasets/scifact.")
  Path dataset;

  @Option(names = "--split", paramLabel = "SPLIT", defaultValue = "test",
      description = "The qrels split whose queries run (default: ${DEFAULT-VALUE}).")
  String split;

  /**
   * Opens the dataset and, unless {@code --index} was given, points the engine at its own index
   * {@code .relearn/eval/<dataset>}, so evaluation corpora never mix with the user's documents.
   */
  BeirDataset open(CommandSpec spec, EngineOptions engine) throws IOException {
    BeirDataset beir = BeirDataset.open(dataset);
    if (!spec.commandLine().getParseResult().hasMatchedOption("--index")) {
      engine.index = Path.of(".relearn", "eval", beir.name());
    }
    return beir;
  }
}
