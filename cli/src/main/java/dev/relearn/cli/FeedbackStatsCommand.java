package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.feedback.index.FeedbackStats;
import dev.relearn.feedback.store.StoreStats;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code relearn feedback-stats}: what the feedback store holds. While another process holds the
 * index (a running {@code serve} or {@code mcp}), it reads the writer's last checkpoint instead.
 */
@Command(name = "feedback-stats", mixinStandardHelpOptions = true,
    description = "Show recorded feedback: events by signal class and outcome, positive rate.")
final class FeedbackStatsCommand implements Callable<Integer> {
  @Mixin EngineOptions engine;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (Relearn relearn = engine.openPreferWritable(spec.commandLine().getErr(),
        "showing the writer's last feedback checkpoint (at most 30 s old)")) {
      StoreStats stats = relearn.feedbackStats();
      FeedbackStats clusters = stats.clusters();
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("events", stats.ledgerEvents());
      body.put("learned_events", clusters.learnedEvents());
      body.put("query_clusters", clusters.clusters());
      body.put("sessions", clusters.sessions());
      Map<String, Long> bySignal = new LinkedHashMap<>();
      clusters.bySignal().forEach((signal, count) -> bySignal.put(signal.label(), count));
      body.put("by_signal", bySignal);
      Map<String, Long> byOutcome = new LinkedHashMap<>();
      clusters.byOutcome().forEach((outcome, count) -> byOutcome.put(outcome.label(), count));
      body.put("by_outcome", byOutcome);
      double rate = clusters.positiveRate();
      body.put("positive_rate", Double.isNaN(rate) ? null : rate);
      body.put("learned_chunks", stats.learnedChunks());
      if (!relearn.readOnly()) { // a read-only open replays no log
        body.put("log_problems_at_open", stats.recovery().problems());
      }
      body.put("read_only", relearn.readOnly());
      if (json) {
        out.println(Json.write(body));
      } else {
        body.forEach((key, value) -> out.printf("%-16s %s%n", key + ":", value));
      }
    }
    return 0;
  }
}
