package dev.relearn.engine.weights;

import dev.relearn.lucene.schema.Require;

/**
 * Settings of {@link AdaptiveWeights}, validated on construction.
 *
 * @param learningRate how far one rating moves the weights towards its target, in (0, 1]
 * @param minSamples how many ratings a class needs before its weights move, at least 1
 * @param lower the lowest weight of a signal, in [{@value Weights#MIN}, 1/3]
 * @param upper the highest weight of a signal, in [1/3, {@value Weights#MAX}], above lower
 * @param decay the factor per day by which the effect of past feedback fades, in (0, 1]; 1 means
 *     past feedback never fades
 * @param historyLimit how many weight changes are kept per class, at least 1 (oldest dropped)
 * @param initial every class's start weights (cold start, and after a reset), within the bounds
 */
public record AdaptiveWeightsConfig(double learningRate, int minSamples, double lower,
    double upper, double decay, int historyLimit, Weights initial) {

  /** Learning rate 0.1, 5 samples, bounds [0.1, 0.9], decay 0.95 per day, 200 changes kept. */
  public static final AdaptiveWeightsConfig DEFAULTS =
      new AdaptiveWeightsConfig(0.1, 5, Weights.MIN, Weights.MAX, 0.95, 200, Weights.DEFAULT);

  /** Validates every setting. */
  public AdaptiveWeightsConfig {
    if (!(learningRate > 0 && learningRate <= 1)) {
      throw new IllegalArgumentException("learning rate must be in (0, 1], got: " + learningRate);
    }
    Require.atLeastOne("minimum samples", minSamples);
    Weights.checkBounds(lower, upper);
    if (!(decay > 0 && decay <= 1)) {
      throw new IllegalArgumentException("decay must be in (0, 1], got: " + decay);
    }
    Require.atLeastOne("history limit", historyLimit);
    if (initial == null) {
      throw new IllegalArgumentException("initial weights must not be null");
    }
    if (!initial.within(lower, upper)) {
      throw new IllegalArgumentException("initial weights must be within [" + lower + ", " + upper
          + "], got: " + initial);
    }
  }
}
