package dev.relearn.engine;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.schema.Require;
import java.util.Objects;

/**
 * One recorded piece of feedback as dashboards show it: by class and time, never by query text,
 * session or chunk; {@code rating} may be null, {@code used} counts the chunks used.
 */
public record FeedbackSummary(long millis, QueryClass queryClass, SignalClass signal,
    Outcome outcome, Rating rating, int used) {
  /** Validates, naming the bad value. */
  public FeedbackSummary {
    Require.nonNegative("millis", millis);
    Objects.requireNonNull(queryClass, "queryClass");
    Objects.requireNonNull(signal, "signal");
    Objects.requireNonNull(outcome, "outcome");
    if (used < 1) {
      throw new IllegalArgumentException("used must be >= 1, got: " + used);
    }
  }
  /** The summary of a recorded event; one without a query class counts as natural language. */
  static FeedbackSummary of(EventSummary event) {
    return new FeedbackSummary(event.millis(), event.queryClass() == null
        ? QueryClass.NATURAL_LANGUAGE : QueryClass.fromLabel(event.queryClass()), event.signal(),
        event.outcome(), event.rating(), event.used());
  }
}
