package dev.relearn.engine;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.fusion.QueryClass;
import java.util.Objects;

/**
 * One recorded piece of feedback as dashboards show it: by class and time, never by query text,
 * session or chunk.
 *
 * @param millis when it was recorded, epoch milliseconds (>= 0)
 * @param queryClass the class of the query it was for
 * @param signal how the used chunks were found
 * @param outcome how the task ended
 * @param rating the explicit rating, or null
 * @param used how many chunks were used (>= 1)
 */
public record FeedbackSummary(long millis, QueryClass queryClass, SignalClass signal,
    Outcome outcome, Rating rating, int used) {
  /** Validates, naming the bad value. */
  public FeedbackSummary {
    if (millis < 0) {
      throw new IllegalArgumentException("millis must be >= 0, got: " + millis);
    }
    Objects.requireNonNull(queryClass, "queryClass");
    Objects.requireNonNull(signal, "signal");
    Objects.requireNonNull(outcome, "outcome");
    if (used < 1) {
      throw new IllegalArgumentException("used must be >= 1, got: " + used);
    }
  }
  /**
   * The summary of a recorded event; one recorded without a query class (by a caller other than
   * the engine) counts as natural language.
   */
  static FeedbackSummary of(EventSummary event) {
    return new FeedbackSummary(event.millis(), event.queryClass() == null
        ? QueryClass.NATURAL_LANGUAGE : QueryClass.fromLabel(event.queryClass()), event.signal(),
        event.outcome(), event.rating(), event.used());
  }

}
