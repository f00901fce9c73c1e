package dev.relearn.feedback.event;

import dev.relearn.lucene.feedback.Outcome;
import java.util.Objects;

/**
 * One recorded event as dashboards show it: its time (epoch millis), query class (or null),
 * signal, outcome, rating (or null) and how many chunks it used (>= 1); never query text, session
 * or chunk ids.
 */
public record EventSummary(long millis, String queryClass, SignalClass signal, Outcome outcome,
    Rating rating, int used) {
  /** Validates, naming the bad value. */
  public EventSummary {
    Objects.requireNonNull(signal, "signal");
    Objects.requireNonNull(outcome, "outcome");
    if (used < 1) {
      throw new IllegalArgumentException("used must be >= 1, got: " + used);
    }
  }

  /** The summary of {@code event}. */
  public static EventSummary of(FeedbackEvent event) {
    return new EventSummary(event.timestampMillis(), event.queryClass(), event.signal(),
        event.outcome(), event.rating(), event.used().size());
  }
}
