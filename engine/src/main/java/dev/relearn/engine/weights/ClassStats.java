package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import java.util.List;

/**
 * What the adaptive weights know about one query class. Counts are lifetime totals since the
 * class was last reset; they do not decay.
 *
 * @param queryClass the class
 * @param samples ratings recorded, neutral ones included
 * @param positives ratings above 0
 * @param negatives ratings below 0
 * @param weights the weights searches of this class use now (the start weights until the class
 *     has the configured minimum of samples)
 * @param ema the exponential moving average the weights follow once warmed up; during warm-up
 *     it already moves with every rating while {@code weights} stay at the start values
 * @param lastMillis when the class was last rated (epoch milliseconds), or 0 if never
 * @param history the weights' changes, oldest first, bounded by the configured history limit
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

  /**
   * The share of positive ratings among positive and negative ones (neutral ratings left out),
   * or NaN when there are none.
   */
  public double accuracy() {
    long rated = positives + negatives;
    return rated == 0 ? Double.NaN : (double) positives / rated;
  }
}
