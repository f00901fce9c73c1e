package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.bench.LatencyBenchmark;
import dev.relearn.eval.bench.LatencyReport;
import dev.relearn.eval.bench.SimulatedFeedback;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.engine.ConsoleProgress;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code relearn bench}: warm query latency per mode beside plain Lucene; {@code bench indexing}
 * ({@link BenchIndexingCommand}) measures indexing.
 */
@Command(name = "bench",
    footer = {
      "  relearn bench --dataset ../shared/datasets/scifact",
      "  relearn bench --dataset ../shared/datasets/toollens --feedback-split train",
      "  relearn bench --dataset ../shared/datasets/nfcorpus --feedback-split dev",
      "  relearn bench --dataset ../shared/datasets/scifact --cluster http://h:9200/sf"},
    customSynopsis = {
      "relearn bench --dataset=BEIR_DIR [--split=SPLIT] [--rounds=R] [OPTIONS...]",
      "       relearn bench indexing --dataset=BEIR_DIR [--max-docs=N] [OPTIONS...]",
      "       relearn bench scale [--work=DIR] [--sizes=N[,N...]] [OPTIONS...]"},
    subcommands = {BenchIndexingCommand.class, BenchScaleCommand.class},
    description = {"Measure warm query latency (p50, p99) per search mode on a BEIR dataset.",
        "It warms up first (see --warm-up) and times plain Lucene's BM25 and KNN queries in the"
            + " same run, as the baseline. bench indexing measures indexing speed instead; bench"
            + " scale, indexing and search up to a million chunks. --cluster also times each mode"
            + " through a cluster's chunk index (the corpus indexed there first), against"
            + " embedded."})
final class BenchCommand extends CliCommand.WithJson {
  @Mixin EngineOptions engine;
  @Mixin WriteOptions writes;

  @Mixin DatasetOptions data;
  @Mixin MaxQueriesOption cap;
  @Mixin ClusterOption cluster;

  @Option(names = "--rounds", paramLabel = "R", defaultValue = "5",
      description = "Measured passes over the queries (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--warm-up", paramLabel = "SECONDS", defaultValue = "60",
      description = "Warm up until the JIT compiler settles, for at most this long; 0: one pass"
          + " (default: ${DEFAULT-VALUE}).")
  int warmUpSeconds;

  @Option(names = "--feedback-split", paramLabel = "SPLIT",
      description = "First record simulated feedback on this split's queries, then also time the"
          + " learned mode against hybrid.")
  String feedbackSplit;

  @Option(names = "--feedback-events", paramLabel = "N",
      description = "With --feedback-split: record exactly N events, passing over the split's"
          + " queries as often as it takes (default: one pass).")
  Integer feedbackEvents;

  @Option(names = "--learned",
      description = "Also time the learned mode against hybrid, with the feedback already stored.")
  boolean learned;

  @Override
  public Integer call() throws Exception {
    require(rounds >= 1, "--rounds must be at least 1, got: " + rounds);
    require(warmUpSeconds >= 0, "--warm-up must be at least 0 seconds, got: " + warmUpSeconds);
    cap.check(spec);
    require(feedbackEvents == null || feedbackSplit != null,
        "--feedback-events needs --feedback-split");
    require(feedbackEvents == null || feedbackEvents >= 1,
        "--feedback-events must be at least 1, got: " + feedbackEvents);
    BeirDataset beir = data.open(spec, engine);
    if (feedbackSplit != null) {
      check(() -> beir.qrels(feedbackSplit));
    }
    Map<String, String> texts = beir.queries();
    List<String> all = List.copyOf(beir.queryIds(data.split));
    List<String> queries = cap.first(all).stream().map(texts::get).toList();
    PrintWriter out = out();
    RelearnOptions options =
        engine.options(false).withQueryCacheSize(Math.max(100, queries.size()));
    try (Relearn relearn = engine.openOrCreate(options);
        RelearnCluster remote = cluster.given() ? cluster.connect(engine, options) : null) {
      if (remote != null) {
        DatasetOptions.indexCorpus(remote, beir, err());
      }
      new FirstStageEvaluation(relearn, beir).indexCorpus(ConsoleProgress.stderr());
      if (feedbackSplit != null) {
        // the same users on the cluster too, so that its learned mode compares
        for (RelearnOperations on : remote == null ? List.of(relearn) : List.of(relearn, remote)) {
          SimulatedFeedback users = new SimulatedFeedback(on, 10);
          err().println((on == remote ? "the cluster: " : "") + (feedbackEvents == null
              ? users.record(beir, feedbackSplit, ConsoleProgress.stderr())
              : users.record(beir, feedbackSplit, feedbackEvents, ConsoleProgress.stderr())));
        }
        err().println("feedback events in the store: "
            + relearn.feedbackStore().stats().ledgerEvents());
      }
      boolean timeLearned = learned || feedbackSplit != null;
      if (learned && feedbackSplit == null && !relearn.feedbackStore().hasFeedback()) {
        err().println("note: the index holds no feedback, so the learned mode re-ranks without"
            + " evidence; --feedback-split SPLIT records some first");
      }
      err().printf(Locale.ROOT, "warming up (at most %d s)...%n", warmUpSeconds);
      LatencyReport report = new LatencyBenchmark(relearn, err()::println).withCluster(remote)
          .run(beir.name(), queries, rounds, timeLearned, Duration.ofSeconds(warmUpSeconds));
      out.print(json ? json(cap.addTo(report.toJson(), all.size())) + "\n"
          : report.table());
      String note = cap.note(all.size(), "queries");
      if (!json && !note.isEmpty()) {
        out.println(note.strip());
      }
    }
    return 0;
  }
}
