package dev.relearn.cli;

import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.bench.CorpusSample;
import dev.relearn.eval.bench.IndexingBenchmark;
import dev.relearn.eval.bench.IndexingReport;
import dev.relearn.engine.ConsoleProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code relearn bench indexing}: indexing speed on a seeded sample of a BEIR corpus beside the
 * embedding model alone and plain Lucene, measured in the same run ({@link IndexingBenchmark}).
 */
@Command(name = "indexing",
    footer = {
      "  relearn bench indexing --dataset ../shared/datasets/scifact",
      "  relearn bench indexing --dataset ../shared/datasets/toollens --max-docs 100"},
    description = {"Measure indexing speed on a seeded sample of a BEIR corpus, against the"
        + " embedding model alone and plain Lucene in the same run.",
        "Times relearn index from scratch, again unchanged and after --changed edits; prints"
            + " seconds, chunks/s, ratios, heap and sizes on disk."})
final class BenchIndexingCommand extends CliCommand.WithJson {
  @Mixin ModelOptions model;

  @Option(names = "--dataset", paramLabel = "BEIR_DIR", required = true,
      description = "A BEIR folder (only its corpus.jsonl(.gz) is read) or corpus file, e.g."
          + " ../shared/datasets/scifact.")
  Path dataset;

  @Option(names = "--max-docs", paramLabel = "N", defaultValue = "300",
      description = "Documents sampled from the corpus (default: ${DEFAULT-VALUE}; a smaller"
          + " corpus is taken whole).")
  int maxDocs;

  @Option(names = "--seed", paramLabel = "SEED", defaultValue = "42",
      description = "Seed of the sample and of the documents changed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--changed", paramLabel = "N", defaultValue = "5",
      description = "Documents edited before the incremental run (default: ${DEFAULT-VALUE}).")
  int changed;

  @Option(names = "--work", paramLabel = "DIR",
      description = "An empty or new folder for the sample and the indexes, kept (default: a"
          + " temporary folder, deleted).")
  Path work;

  @Override
  public Integer call() throws Exception {
    require(maxDocs >= 1, "--max-docs must be at least 1, got: " + maxDocs);
    require(changed >= 0, "--changed must be at least 0, got: " + changed);
    RelearnOptions options = model.options(spec);
    CorpusSample sample;
    try {
      sample = CorpusSample.draw(dataset, maxDocs, seed);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--dataset: " + e.getMessage(), e);
    }
    require(changed <= sample.size(), "--changed must be at most the "
        + sample.size() + " documents sampled, got: " + changed);
    if (work != null) { // refused before anything is written when not empty
      check(() -> new IndexingBenchmark(options, work, ConsoleProgress.stderr()));
    }
    PrintWriter err = err();
    IndexingReport report;
    if (work != null) {
      report = run(err, options, work, sample);
    } else { // deleted afterwards, also after Ctrl-C
      try (TemporaryWorkFolder temporary = new TemporaryWorkFolder(
          Files.createTempDirectory("relearn-bench-indexing"), err)) {
        report = run(err, options, temporary.folder(), sample);
      }
    }
    out().print(json ? json(report.toJson()) + "\n" : report.table());
    return 0;
  }

  /** Runs the benchmark in {@code folder}, saying where first. */
  private IndexingReport run(PrintWriter err, RelearnOptions options, Path folder,
      CorpusSample sample) throws IOException {
    err.printf("sampled %d of %d documents (seed %d); indexes in %s%n", sample.size(),
        sample.corpusDocs(), seed, folder);
    err.flush();
    return new IndexingBenchmark(options, folder, ConsoleProgress.stderr())
        .run(name(dataset), sample, changed, seed);
  }

  /** The dataset's name: its folder's, also when {@code dataset} is the corpus file in it. */
  private static String name(Path dataset) {
    Path path = dataset.toAbsolutePath().normalize();
    Path named = Files.isRegularFile(path) && path.getParent() != null ? path.getParent() : path;
    return named.getFileName() == null ? named.toString() : named.getFileName().toString();
  }
}
