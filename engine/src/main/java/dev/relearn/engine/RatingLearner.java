package dev.relearn.engine;

import dev.relearn.feedback.event.Rating;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.Update;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Teaches the {@link AdaptiveWeights} from explicit ratings: a rating credits each signal by its
 * score for the used chunks, min-max normalised over the query's learned window and averaged.
 * The stage scores come normalised ({@link LinearModel#signalContributions}); the learned one is
 * normalised here, since left absolute its "no opinion" (0.5) would rank every top hit mid-window
 * and each up-rating would lower the learned weight. A learned signal flat over the window gets
 * neither credit nor blame (the mean of the stages'); used chunks outside the window teach
 * nothing. The weights are saved after every change, before the feedback call returns; each
 * rating is applied once per event ({@code ratingId}), so a retried event counts once. A client
 * of a cluster credits the same way ({@link #credit}) and keeps the weights there.
 */
final class RatingLearner {
  private static final int LEARNED = 2;

  private final SavedWeights weights;
  private final LinearModel model;

  /** @param model the configured model, which turns a boost into the learned contribution */
  RatingLearner(SavedWeights weights, LinearModel model) {
    this.weights = weights;
    this.model = model;
  }

  /**
   * Applies {@code rating} of the {@code used} chunks of a query, given its learned {@code
   * window}; null when no used chunk was in it or {@code ratingId} was applied before.
   */
  Update learn(QueryClass queryClass, Rating rating, List<String> used,
      List<RescoredHit> window, long nowMillis, String ratingId) throws IOException {
    List<String> ids = new ArrayList<>(window.size());
    List<double[]> contributions = new ArrayList<>(window.size());
    for (RescoredHit hit : window) {
      ids.add(hit.chunkId());
      contributions.add(model.signalContributions(hit.features()));
    }
    double[] credit = credit(used, ids, contributions);
    if (credit == null) {
      return null;
    }
    Update update =
        weights.weights().record(queryClass, rating.normalized(), credit, nowMillis, ratingId);
    weights.save(); // also for a rating applied before: it may be a retry of one whose save failed
    return update;
  }

  /**
   * What a rating of the {@code used} chunks credits each signal with, given the window's chunk
   * {@code ids} and each one's {@link LinearModel#signalContributions}; null when no used chunk
   * is in the window.
   */
  static double[] credit(List<String> used, List<String> ids, List<double[]> contributions) {
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    for (double[] c : contributions) {
      low = Math.min(low, c[LEARNED]);
      high = Math.max(high, c[LEARNED]);
    }
    double[] sum = new double[3];
    int found = 0;
    for (int h = 0; h < ids.size(); h++) {
      if (ids.get(h) != null && used.contains(ids.get(h))) {
        double[] c = contributions.get(h);
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
    return sum;
  }
}
