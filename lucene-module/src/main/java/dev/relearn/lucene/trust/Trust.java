package dev.relearn.lucene.trust;

import dev.relearn.lucene.rerank.Feature;
import dev.relearn.lucene.rerank.LinearModel;

/**
 * The trust fit from the click log in the vote of similar past queries, and how it was earned.
 * Until {@link TrustFit#MIN_PAIRS} preferences were seen the fit is not used and the model keeps
 * its prior weight and cap exactly ({@link #PRIOR}); after that the vote's weight is {@code
 * trustScale · strength}, 0 when the vote did not predict held-out clicks better than position
 * alone, and the cap applies per voting session: one session moves a chunk at most {@code
 * rerank.sessionCap}, however strong the trust.
 *
 * @param fitted whether enough preferences were seen to use the fit
 * @param strength what the vote told about held-out clicks, in nats per preference ({@code gain /
 *     pairs}) when granted, else 0; in [0, {@link LinearModel#MAX_WEIGHT}]
 * @param coefficient the pairwise logistic coefficient of the vote difference, finite
 * @param gain the held-out log-loss (nats) the vote saved against the position-only model; the
 *     weight is granted only above {@link TrustFit#MIN_GAIN}
 * @param pairs the total weight of the preferences between chunks with different votes,
 *     finite and >= 0
 * @param queries the logged queries they came from, >= 0
 */
public record Trust(boolean fitted, double strength, double coefficient, double gain,
    double pairs, int queries) {
  /** Nothing fit yet: the model's prior weight and cap apply. */
  public static final Trust PRIOR = new Trust(false, 0, 0, 0, 0, 0);

  /** Validates, naming the bad value. */
  public Trust {
    if (!(strength >= 0 && strength <= LinearModel.MAX_WEIGHT)) {
      throw new IllegalArgumentException(
          "trust strength must be in [0, " + LinearModel.MAX_WEIGHT + "], got: " + strength);
    }
    requireFinite("trust coefficient", coefficient);
    requireFinite("trust gain", gain);
    if (!(pairs >= 0) || Double.isInfinite(pairs)) {
      throw new IllegalArgumentException("trust pairs must be finite and >= 0, got: " + pairs);
    }
    if (queries < 0) {
      throw new IllegalArgumentException("trust queries must be >= 0, got: " + queries);
    }
  }

  /**
   * {@code model} with the vote's weight set by this trust: unchanged when not {@link #fitted};
   * else the boost weight is {@code scale · strength · ratingScale}, its cap {@code sessionCap}
   * per voting session.
   *
   * @param scale {@code rerank.trustScale}: the vote's weight per nat of held-out information;
   *     finite and >= 0
   * @param sessionCap {@code rerank.sessionCap}: how far one session's vote may move a chunk's
   *     score, in [0, {@link LinearModel#MAX_WEIGHT}]
   * @param ratingScale what explicit ratings made of the learned signal, relative to its start
   *     weight (1 without ratings); finite and >= 0
   */
  public LinearModel apply(LinearModel model, double scale, double sessionCap,
      double ratingScale) {
    if (!(scale >= 0) || Double.isInfinite(scale)) {
      throw new IllegalArgumentException("trust scale must be finite and >= 0, got: " + scale);
    }
    if (!(sessionCap >= 0 && sessionCap <= LinearModel.MAX_WEIGHT)) {
      throw new IllegalArgumentException(
          "sessionCap must be in [0, " + LinearModel.MAX_WEIGHT + "], got: " + sessionCap);
    }
    if (!(ratingScale >= 0) || Double.isInfinite(ratingScale)) {
      throw new IllegalArgumentException(
          "ratingScale must be finite and >= 0, got: " + ratingScale);
    }
    if (!fitted) {
      return model;
    }
    double[] weights = model.weights();
    weights[Feature.BOOST.ordinal()] =
        Math.min(LinearModel.MAX_WEIGHT, scale * strength * ratingScale);
    return new LinearModel(weights, model.boostBaseline(), model.evidenceK(), sessionCap, true);
  }

  private static void requireFinite(String name, double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(name + " must be finite, got: " + value);
    }
  }
}
