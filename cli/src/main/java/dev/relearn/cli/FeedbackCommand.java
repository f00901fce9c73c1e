package dev.relearn.cli;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code relearn feedback}: records that chunks served a query. */
@Command(name = "feedback",
    footer = {
      "  relearn feedback --query keys --used docs/keys.md#14e8724a89a6 --success",
      "  relearn feedback --query keys --used docs/keys.md#14e8724a89a6 --rating 5",
      "  relearn feedback --query \"rotate keys\" --session alice --failure \\",
      "      --used docs/keys.md#14e8724a89a6,docs/keys.md#87c65e72c52d"},
    description = {"Record that chunks were used for a query, and how the task ended.",
        "The query is embedded and dropped: its text is never stored. What was shown is taken"
            + " to be the query's current top 10. Unknown chunk ids are reported; the event is"
            + " kept. Exit code 0 once the event is durable."})
final class FeedbackCommand extends CliCommand.WithJson {
  @Mixin EngineOptions engine;
  @Mixin WriteOptions writes;
  @Mixin LockWait lockWait;
  @Mixin ClusterOption cluster;

  @Option(names = "--query", paramLabel = "Q", required = true, description = "The query.")
  String query;

  @Option(names = "--used", paramLabel = "ID[,ID...]", required = true,
      description = "Chunk ids that were used, comma-separated (an indexed id holding a comma"
          + " is kept whole); repeatable.")
  List<String> used;

  @ArgGroup(exclusive = true)
  OutcomeFlags outcome;

  static final class OutcomeFlags {
    @Option(names = "--success", description = "The task succeeded.") boolean success;
    @Option(names = "--failure", description = "The task failed.") boolean failure;
  }

  @Option(names = "--rating", paramLabel = "R",
      description = "+1/up or -1/down, or 1 to 5 stars (1 is one star: poor).")
  String rating;

  @Option(names = "--quality", paramLabel = "Q", description = "Quality score in [0, 1].")
  Double quality;

  @Option(names = "--session", paramLabel = "S", description = "Session id (stored hashed).")
  String session;

  @Option(names = "--event-id", paramLabel = "ID", description = "Idempotency key.")
  String eventId;

  @Override
  public Integer call() throws Exception {
    List<String> naive = UsedIds.naive(used);
    require(!naive.isEmpty(), "--used must name at least one chunk id");
    check(() -> request(naive)); // usage errors before the index is opened
    if (cluster.given()) {
      try (RelearnCluster relearn = cluster.connect(engine)) {
        print(FeedbackStatsViews.ack(relearn.feedback(request(
            UsedIds.resolve(used, relearn::unknownChunkIds)))));
      }
      return 0;
    }
    try (Relearn relearn = engine.open(false)) {
      print(FeedbackStatsViews.ack(relearn.feedback(request(
          UsedIds.resolve(used, relearn::unknownChunkIds)))));
    }
    return 0;
  }

  private void print(Map<String, Object> ack) {
    List<?> unknown = (List<?>) ack.get("unknown_ids");
    if (json) {
      out().println(json(ack));
      return;
    }
    out().println(Boolean.TRUE.equals(ack.get("duplicate")) ? "already recorded: "
        + ack.get("event_id") + " (the earlier event stands; this call stored nothing)"
        : "recorded: " + ack.get("event_id") + " (" + ack.get("signal") + ", "
            + ack.get("learnability") + ")");
    if (!unknown.isEmpty()) {
      err().println("relearn: unknown chunk ids (kept anyway): " + String.join(", ",
          unknown.stream().map(id -> TerminalText.id((String) id)).toList()));
    }
  }

  private FeedbackRequest request(List<String> ids) {
    String result = outcome == null ? "none" : outcome.success ? "success" : "failure";
    return FeedbackRequest.of(query, ids)
        .withOutcome(result).withRatingText(rating, quality)
        .withIds(session, eventId).withShown(null, true, false);
  }
}
