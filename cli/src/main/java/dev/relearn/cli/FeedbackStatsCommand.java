package dev.relearn.cli;

import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.Relearn;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code relearn feedback-stats}: what the feedback store holds. While another process holds the
 * index (a running {@code serve} or {@code mcp}), it reads the writer's last checkpoint instead.
 */
@Command(name = "feedback-stats",
    footer = {
      "  relearn feedback-stats",
      "  relearn feedback-stats --index /tmp/notes-index --json"},
    description = "Show recorded feedback: events by signal class and outcome, positive rate.")
final class FeedbackStatsCommand extends CliCommand.WithJson {
  @Mixin EngineOptions engine;

  @Override
  public Integer call() throws Exception {
    try (Relearn relearn = engine.openPreferWritable("showing the writer's last feedback"
        + " checkpoint (taken every feedback.checkpointSeconds, 30 by default)")) {
      Map<String, Object> body = FeedbackStatsViews.map(relearn.feedbackStats(),
          !relearn.readOnly());
      body.put("read_only", relearn.readOnly());
      if (json) {
        out().println(json(body));
      } else {
        body.forEach((key, value) -> out().printf("%-16s %s%n", key + ":", value));
      }
    }
    return 0;
  }
}
