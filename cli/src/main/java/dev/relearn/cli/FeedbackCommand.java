package dev.relearn.cli;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.lucene.feedback.Outcome;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code relearn feedback}: records that chunks served a query. */
@Command(name = "feedback", mixinStandardHelpOptions = true,
    footerHeading = Examples.HEADING,
    footer = {
      "  relearn feedback --query keys --used docs/keys.md#14e8724a89a6 --success",
      "  relearn feedback --query keys --used docs/keys.md#14e8724a89a6 --rating 5",
      "  relearn feedback --query \"rotate keys\" --session alice --failure \\",
      "      --used docs/keys.md#14e8724a89a6,docs/keys.md#87c65e72c52d"},
    description = {"Record that chunks were used for a query, and how the task ended.",
        "The query is embedded and dropped: its text is never stored. What was shown is taken"
            + " to be the query's current top 10. Unknown chunk ids are reported; the event is"
            + " kept. Exit code 0 once the event is durable."})
final class FeedbackCommand implements Callable<Integer> {
  @Mixin EngineOptions engine;
  @Mixin LockWait lockWait;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--query", paramLabel = "Q", required = true, description = "The query.")
  String query;

  @Option(names = "--used", paramLabel = "ID[,ID...]", required = true,
      description = "Chunk ids that were used, comma-separated (an id the index has is kept"
          + " whole even when it holds a comma, as one from a file named 'a, b.md' does);"
          + " repeatable.")
  List<String> used;

  @ArgGroup(exclusive = true)
  OutcomeFlags outcome;

  static final class OutcomeFlags {
    @Option(names = "--success", description = "The task succeeded.") boolean success;
    @Option(names = "--failure", description = "The task failed.") boolean failure;
  }

  @Option(names = "--rating", paramLabel = "R",
      description = "+1/up or -1/down, or 1 to 5 stars.")
  String rating;

  @Option(names = "--quality", paramLabel = "Q", description = "Quality score in [0, 1].")
  Double quality;

  @Option(names = "--session", paramLabel = "S", description = "Session id (stored hashed).")
  String session;

  @Option(names = "--event-id", paramLabel = "ID", description = "Idempotency key.")
  String eventId;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    List<String> naive = UsedIds.naive(used);
    Usage.require(spec, !naive.isEmpty(), "--used must name at least one chunk id");
    Usage.check(spec, () -> request(naive)); // usage errors before the index is opened
    PrintWriter out = spec.commandLine().getOut();
    try (Relearn relearn = engine.open(false)) {
      FeedbackAck ack = relearn.feedback(request(UsedIds.resolve(used,
          relearn::unknownChunkIds)));
      if (json) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("event_id", ack.eventId());
        body.put("duplicate", ack.duplicate());
        body.put("signal", ack.signal().label());
        body.put("learnability", ack.learnability().name().toLowerCase(java.util.Locale.ROOT));
        body.put("unknown_ids", ack.unknownIds());
        out.println(Json.write(body));
      } else {
        out.println((ack.duplicate() ? "already recorded: " : "recorded: ") + ack.eventId()
            + " (" + ack.signal().label() + ", "
            + ack.learnability().name().toLowerCase(java.util.Locale.ROOT) + ")");
        if (!ack.unknownIds().isEmpty()) {
          spec.commandLine().getErr().println("relearn: unknown chunk ids (kept anyway): "
              + String.join(", ", ack.unknownIds().stream().map(TerminalText::id).toList()));
        }
      }
    }
    return 0;
  }

  private FeedbackRequest request(List<String> ids) {
    Outcome result = outcome == null ? Outcome.NONE
        : outcome.success ? Outcome.SUCCESS : Outcome.FAILURE;
    return FeedbackRequest.of(query, ids)
        .withOutcome(result).withRating(rating == null ? null : Rating.parse(rating), quality)
        .withIds(session, eventId).withShown(null, true, false);
  }
}
