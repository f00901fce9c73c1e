package dev.relearn.engine.config;

import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.engine.weights.Weights;
import java.util.List;

/**
 * The {@code weights} section: the start weights and how ratings move them (docs/CONFIGURATION.md),
 * defaults from {@link Weights#DEFAULT} and {@link AdaptiveWeightsConfig#DEFAULTS}.
 */
public record WeightsSettings(double bm25, double vector, double learned, double learningRate,
    int minSamples, double lower, double upper, double decay, int historyLimit) {
  private static final String S = "weights.";
  private static final AdaptiveWeightsConfig A = AdaptiveWeightsConfig.DEFAULTS;

  /** The defaults. */
  public static final WeightsSettings DEFAULTS = new WeightsSettings(Weights.DEFAULT.bm25(),
      Weights.DEFAULT.vector(), Weights.DEFAULT.learned(), A.learningRate(), A.minSamples(),
      A.lower(), A.upper(), A.decay(), A.historyLimit());

  /** Validates every value, naming the key, and the start weights against the bounds. */
  public WeightsSettings {
    Check.in(S + "bm25", bm25, Weights.MIN, Weights.MAX);
    Check.in(S + "vector", vector, Weights.MIN, Weights.MAX);
    Check.in(S + "learned", learned, Weights.MIN, Weights.MAX);
    Check.positive(S + "learningRate", learningRate, 1);
    Check.in(S + "minSamples", minSamples, 1, 1e9);
    Check.in(S + "lower", lower, Weights.MIN, 1.0 / 3);
    Check.in(S + "upper", upper, 1.0 / 3, Weights.MAX);
    Check.positive(S + "decay", decay, 1);
    Check.in(S + "historyLimit", historyLimit, 1, 1e6);
    List<String> start = List.of(S + "bm25", S + "vector", S + "learned");
    if (Math.abs(bm25 + vector + learned - 1) > Weights.SUM_TOLERANCE) {
      throw new ConfigException(start, String.join(" + ", start) + " must sum to 1, got: "
          + Check.plain(bm25) + " + " + Check.plain(vector) + " + " + Check.plain(learned)
          + " = " + Check.plain(bm25 + vector + learned));
    }
    try {
      new AdaptiveWeightsConfig(learningRate, minSamples, lower, upper, decay, historyLimit,
          new Weights(bm25, vector, learned));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(List.of(S + "lower", S + "upper", S + "bm25", S + "vector",
          S + "learned"), e.getMessage());
    }
  }

  /** The start weights. */
  public Weights initial() {
    return new Weights(bm25, vector, learned);
  }

  /** The adaptive weights' settings. */
  public AdaptiveWeightsConfig adaptive() {
    return new AdaptiveWeightsConfig(learningRate, minSamples, lower, upper, decay, historyLimit,
        initial());
  }
}
