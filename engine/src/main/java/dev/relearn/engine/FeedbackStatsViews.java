package dev.relearn.engine;

import dev.relearn.feedback.index.FeedbackStats;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.StoreStats;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The one JSON shape (snake_case keys) of what the feedback store holds and of an event's
 * acknowledgement, for the CLI, HTTP and MCP: counts and ids only, never a query's text.
 */
public final class FeedbackStatsViews {
  private FeedbackStatsViews() {}

  /** {@code stats} as an ordered map, ready for a JSON writer. */
  public static Map<String, Object> map(StoreStats stats) {
    FeedbackStats clusters = stats.clusters();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("events", stats.ledgerEvents());
    json.put("learned_events", clusters.learnedEvents());
    json.put("query_clusters", clusters.clusters());
    json.put("sessions", clusters.sessions());
    Map<String, Long> bySignal = new LinkedHashMap<>();
    clusters.bySignal().forEach((signal, count) -> bySignal.put(signal.label(), count));
    json.put("by_signal", bySignal);
    Map<String, Long> byOutcome = new LinkedHashMap<>();
    clusters.byOutcome().forEach((outcome, count) -> byOutcome.put(outcome.label(), count));
    json.put("by_outcome", byOutcome);
    double rate = clusters.positiveRate();
    json.put("positive_rate", Double.isFinite(rate) ? rate : null);
    json.put("learned_chunks", stats.learnedChunks());
    return json;
  }

  /** {@link #map(StoreStats)}, with {@code log_problems_at_open} when {@code logProblems}. */
  public static Map<String, Object> map(StoreStats stats, boolean logProblems) {
    Map<String, Object> json = map(stats);
    if (logProblems) {
      json.put("log_problems_at_open", stats.recovery().problems());
    }
    return json;
  }

  /** An acknowledgement ({@link Relearn#feedback}) as an ordered map. */
  public static Map<String, Object> ack(FeedbackAck ack) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("event_id", ack.eventId());
    json.put("duplicate", ack.duplicate());
    json.put("signal", ack.signal().label());
    json.put("learnability", ack.learnability().name().toLowerCase(Locale.ROOT));
    json.put("unknown_ids", ack.unknownIds());
    return json;
  }
}
