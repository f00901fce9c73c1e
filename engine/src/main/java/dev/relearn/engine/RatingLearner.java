package dev.relearn.engine;

import dev.relearn.feedback.event.Rating;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.weights.AdaptiveWeights;
import dev.relearn.lucene.weights.QueryClass;
import dev.relearn.lucene.weights.Update;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Teaches the {@link AdaptiveWeights} from explicit ratings. A rating credits the signals (bm25,
 * vector, learned) by how much each favoured the rated chunks in the query's learned window: the
 * average of the used chunks' {@link LinearModel#signalContributions}. Used chunks outside the
 * window (nothing ranked them) teach the weights nothing. The weights are saved after every
 * change, atomically, before the feedback call returns.
 *
 * <p>Each rating is applied once per feedback event ({@code ratingId}, the store's keyed hash of
 * the event id; see {@link AdaptiveWeights}, "Applied once"): the rating of a retried event
 * counts once, and counts at all when the first attempt died after the event was logged but
 * before the weights were saved.
 */
final class RatingLearner {
  private final AdaptiveWeights weights;
  private final Path file;
  private final LinearModel model;

  /**
   * @param model the configured model: its boost baseline and shrinkage turn a boost into the
   *     learned signal's contribution (independent of any class's weights)
   */
  RatingLearner(AdaptiveWeights weights, Path file, LinearModel model) {
    this.weights = weights;
    this.file = file;
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
    double[] sum = new double[3];
    int found = 0;
    for (RescoredHit hit : window) {
      if (hit.chunkId() != null && used.contains(hit.chunkId())) {
        double[] c = model.signalContributions(hit.features());
        for (int i = 0; i < 3; i++) {
          sum[i] += c[i];
        }
        found++;
      }
    }
    if (found == 0) {
      return null;
    }
    for (int i = 0; i < 3; i++) {
      sum[i] /= found;
    }
    Update update = weights.record(queryClass, rating.normalized(), sum, nowMillis, ratingId);
    if (update != null) {
      weights.save(file);
    }
    return update;
  }
}
