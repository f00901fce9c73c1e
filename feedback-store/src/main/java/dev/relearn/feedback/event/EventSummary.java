package dev.relearn.feedback.event;

import dev.relearn.lucene.feedback.Outcome;
import java.util.Objects;

/**
 * One recorded event as dashboards show it: its time, query class, signal, outcome, rating and
 * how many chunks it used; never query text, session or chunk ids. The store keeps the newest in
 * memory, derived from its events ({@link #of}).
 *
 * @param millis when it was recorded, epoch milliseconds
 * @param queryClass the query class label, or null when the event named none
 * @param signal how the used chunks were found
 * @param outcome how the task ended
 * @param rating the explicit rating, or null
 * @param used how many chunks were used (>= 1)
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
