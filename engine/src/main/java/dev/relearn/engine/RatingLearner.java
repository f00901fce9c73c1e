package dev.relearn.engine;

import dev.relearn.feedback.event.Rating;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.Update;
import java.io.IOException;
import java.util.List;

/**
 * Teaches the {@link AdaptiveWeights} from explicit ratings. A rating credits the signals (bm25,
 * vector, learned) by how much each favoured the rated chunks in the query's learned window: the
 * average over the used chunks of each signal's score min-max normalised over the window (1 for
 * the window's best, 0 for its worst). The stage scores come normalised ({@link
 * LinearModel#signalContributions}); the learned one, the shrunk boost, is normalised here, so
 * that all three are on the same scale. Left absolute, the learned signal's "no opinion" (the
 * boost baseline, 0.5) would count as ranking the chunk mid-window, below the stages' 1 for any
 * top hit: every up-rating of a shown result lowered the learned weight, even of a result the
 * boost had promoted. A learned signal equal over the whole window (no feedback yet) ranked no
 * chunk above another: it gets neither credit nor blame (its contribution is the mean of the two
 * stages'). Used chunks outside the window (nothing ranked them) teach the weights nothing. The
 * weights are saved after every change, atomically, before the feedback call returns.
 *
 * <p>Each rating is applied once per feedback event ({@code ratingId}, the store's keyed hash of
 * the event id; see {@link AdaptiveWeights}, "Applied once"): the rating of a retried event
 * counts once, and counts at all when the first attempt died after the event was logged but
 * before the weights were saved.
 */
final class RatingLearner {
  private static final int LEARNED = 2;

  private final SavedWeights weights;
  private final LinearModel model;

  /**
   * @param model the configured model: its boost baseline and shrinkage turn a boost into the
   *     learned signal's contribution (independent of any class's weights)
   */
  RatingLearner(SavedWeights weights, LinearModel model) {
    this.weights = weights;
    this.model = model;
  }

  /**
   * Applies {@code rating} of the {@code used} chunks of a query of class {@code queryClass}.
   *
   * @param window the query's learned candidates with their features
   * @param ratingId the id the weights know this rating by: a hash of the feedback event's id
   * @return the update, or null when no used chunk was in the window or this event's rating was
   *     applied before
   */
  Update learn(QueryClass queryClass, Rating rating, List<String> used,
      List<RescoredHit> window, long nowMillis, String ratingId) throws IOException {
    double[][] all = new double[window.size()][];
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    for (int h = 0; h < all.length; h++) {
      all[h] = model.signalContributions(window.get(h).features());
      low = Math.min(low, all[h][LEARNED]);
      high = Math.max(high, all[h][LEARNED]);
    }
    double[] sum = new double[3];
    int found = 0;
    for (int h = 0; h < all.length; h++) {
      String chunkId = window.get(h).chunkId();
      if (chunkId != null && used.contains(chunkId)) {
        double[] c = all[h];
        sum[0] += c[0];
        sum[1] += c[1];
        sum[LEARNED] += high > low ? (c[LEARNED] - low) / (high - low) : 0;
        found++;
      }
    }
    if (found == 0) {
      return null;
    }
    for (int i = 0; i < 3; i++) {
      sum[i] /= found;
    }
    if (!(high > low)) { // the learned signal favoured no chunk: neither credit nor blame
      sum[LEARNED] = (sum[0] + sum[1]) / 2;
    }
    Update update =
        weights.weights().record(queryClass, rating.normalized(), sum, nowMillis, ratingId);
    if (update != null) {
      weights.save();
    }
    return update;
  }
}
