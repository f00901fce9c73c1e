package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import java.util.List;

/**
 * What the adaptive weights know about one query class; counts, since its last reset, do not
 * decay.
 *
 * @param samples ratings recorded, neutral ones included
 * @param weights the weights searches use now (the start weights during warm-up)
 * @param ema the moving average the weights follow once warmed up
 * @param lastMillis when the class was last rated (epoch milliseconds), or 0 if never
 * @param history the weights' changes, oldest first, at most the history limit
 */
public record ClassStats(QueryClass queryClass, long samples, long positives, long negatives,
    Weights weights, Weights ema, long lastMillis, List<HistoryEntry> history) {

  /** Validates the counts and copies the history. */
  public ClassStats {
    if (queryClass == null || weights == null || ema == null) {
      throw new IllegalArgumentException("class, weights and ema must not be null");
    }
    if (positives < 0 || negatives < 0 || positives + negatives > samples) {
      throw new IllegalArgumentException("positives (" + positives + ") and negatives ("
          + negatives + ") must be at least 0 and at most samples (" + samples + ") together");
    }
    history = List.copyOf(history);
  }

  /** The share of positives among positive and negative ratings, or NaN when there are none. */
  public double accuracy() {
    long rated = positives + negatives;
    return rated == 0 ? Double.NaN : (double) positives / rated;
  }
}
