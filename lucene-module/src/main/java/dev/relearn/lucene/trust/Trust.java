package dev.relearn.lucene.trust;

import dev.relearn.lucene.rerank.Feature;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.schema.Require;

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
    Require.finite("trust coefficient", coefficient);
    Require.finite("trust gain", gain);
    Require.finiteNonNegative("trust pairs", pairs);
    Require.nonNegative("trust queries", queries);
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
    Require.finiteNonNegative("trust scale", scale);
    if (!(sessionCap >= 0 && sessionCap <= LinearModel.MAX_WEIGHT)) {
      throw new IllegalArgumentException(
          "sessionCap must be in [0, " + LinearModel.MAX_WEIGHT + "], got: " + sessionCap);
    }
    Require.finiteNonNegative("ratingScale", ratingScale);
    if (!fitted) {
      return model;
    }
    double[] weights = model.weights();
    weights[Feature.BOOST.ordinal()] =
        Math.min(LinearModel.MAX_WEIGHT, scale * strength * ratingScale);
    return new LinearModel(weights, model.boostBaseline(), model.evidenceK(), sessionCap, true);
  }
}
