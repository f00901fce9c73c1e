package dev.relearn.cli;

import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.Relearn;
import java.io.PrintWriter;
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
    footerHeading = Examples.HEADING,
    footer = {
      "  relearn feedback-stats",
      "  relearn feedback-stats --index /tmp/notes-index --json"},
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
        "showing the writer's last feedback checkpoint (taken every feedback.checkpointSeconds,"
            + " 30 by default)")) {
      Map<String, Object> body = FeedbackStatsViews.map(relearn.feedbackStats(),
          !relearn.readOnly());
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
