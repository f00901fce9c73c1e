package dev.relearn.cli;

import dev.relearn.engine.ConsoleProgress;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.bench.CodeQueries;
import dev.relearn.eval.bench.KernelSource;
import dev.relearn.eval.bench.NestedSlices;
import dev.relearn.eval.bench.ScaleBenchmark;
import dev.relearn.eval.bench.ScaleReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code relearn bench scale}: indexing and search on nested slices of the Linux kernel's source
 * (or another folder), up to a million chunks, and a million feedback events ({@link
 * ScaleBenchmark}).
 */
@Command(name = "scale",
    footer = {
      "  relearn bench scale --work /var/tmp/relearn-scale",
      "  relearn bench scale --sizes 50000 --source ~/src/project"},
    description = {"Measure indexing and search on nested slices of the Linux kernel's source"
        + " (Debian's linux-source-6.1, installed with apt-get when missing), in path order.",
        "Per size: build time and peak heap, disk and hot vector size, open time, an unchanged"
            + " re-index, search p50/p99 per mode beside plain Lucene, one edited file indexed by"
            + " path (an IDE's save); then, on the largest,"
            + " --feedback-events feedback events (10,000 before each size's search run): lookup"
            + " p50/p99, reopen time, heap. The hashing"
            + " embedder stands in for the model (measure its cost per chunk with bench"
            + " indexing). Run it with a fixed heap, e.g. bin/bench-scale (-Xmx4g)."})
final class BenchScaleCommand extends CliCommand.WithJson {
  /** Feedback events recorded at each size before its latency run, for the learned mode. */
  static final int LEARNED_EVENTS = 10_000;
  /** Seed of the queries and the feedback. */
  static final long SEED = 42;

  @Option(names = "--work", paramLabel = "DIR", defaultValue = "relearn-bench-scale",
      description = "Folder for the source, slices and indexes, kept (default: ${DEFAULT-VALUE}).")
  Path work;

  @Option(names = "--source", paramLabel = "DIR",
      description = "Slice this folder instead of the kernel's source.")
  Path source;

  @Option(names = "--sizes", paramLabel = "N", split = ",",
      defaultValue = "100000,300000,1000000",
      description = "Chunks per slice, ascending (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--queries", paramLabel = "N", defaultValue = "200",
      description = "Seeded queries (default: ${DEFAULT-VALUE}).")
  int queries;

  @Option(names = "--rounds", paramLabel = "R", defaultValue = "3",
      description = "Measured passes per size (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--warm-up", paramLabel = "SECONDS", defaultValue = "60",
      description = "Warm-up limit per size (default: ${DEFAULT-VALUE}).")
  int warmUpSeconds;

  @Option(names = "--feedback-events", paramLabel = "N", defaultValue = "1000000",
      description = "Feedback events on the largest size (default: ${DEFAULT-VALUE}).")
  long feedbackEvents;

  @Option(names = "--feedback-minutes", paramLabel = "M", defaultValue = "90",
      description = "Time limit for recording them (default: ${DEFAULT-VALUE}).")
  int feedbackMinutes;

  @Override
  public Integer call() throws Exception {
    require(queries >= 1, "--queries must be at least 1, got: " + queries);
    require(warmUpSeconds >= 0, "--warm-up must be at least 0 seconds, got: " + warmUpSeconds);
    require(feedbackMinutes >= 1, "--feedback-minutes must be at least 1, got: "
        + feedbackMinutes);
    require(feedbackEvents >= 1, "--feedback-events must be at least 1, got: " + feedbackEvents);
    require(source == null || Files.isDirectory(source), "--source: no such folder: " + source);
    ScaleBenchmark.Settings settings = check(() -> new ScaleBenchmark.Settings(sizes, rounds,
        Duration.ofSeconds(warmUpSeconds), (int) Math.min(LEARNED_EVENTS, feedbackEvents),
        feedbackEvents, Duration.ofMinutes(feedbackMinutes), SEED));
    ConsoleProgress progress = ConsoleProgress.stderr();
    Path folder = source != null ? source
        : KernelSource.prepare(Path.of(KernelSource.TARBALL), work, progress);
    int window = sizes.getFirst();
    CodeQueries measured = new CodeQueries(queries, window, SEED);
    CodeQueries pool = new CodeQueries(Math.max(1_000, queries * 10), window, SEED + 1);
    NestedSlices slices = NestedSlices.scan(folder, chunk -> {
      measured.accept(chunk);
      pool.accept(chunk);
    }, progress);
    err().printf(Locale.ROOT, "%s: %,d chunks in %,d files; hashing embedder; heap max %.1f"
        + " GiB; %d cores%n", folder, slices.totalChunks(), slices.totalFiles(),
        Runtime.getRuntime().maxMemory() / (double) (1L << 30),
        Runtime.getRuntime().availableProcessors());
    err().flush();
    RelearnOptions options = RelearnOptions.defaults().withModel(ModelChoice.HASHING)
        .withQueryCacheSize(Math.max(100, queries * 11)).withFeedbackDurability("async")
        .withLockHolder(spec.qualifiedName());
    ScaleReport report = new ScaleBenchmark(options, work, progress)
        .run(slices, measured.queries(), pool.queries(), settings);
    out().print(json ? json(report.toJson()) + "\n" : report.table());
    return 0;
  }
}
