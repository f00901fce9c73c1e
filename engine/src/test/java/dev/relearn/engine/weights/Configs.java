package dev.relearn.engine.weights;

/** Adaptive weights settings with one value changed, and one-hot contributions, for tests. */
public final class Configs {
  private Configs() {}

  public static AdaptiveWeightsConfig withLearningRate(AdaptiveWeightsConfig c, double value) {
    return new AdaptiveWeightsConfig(value, c.minSamples(), c.lower(), c.upper(), c.decay(),
        c.historyLimit(), c.initial());
  }

  public static AdaptiveWeightsConfig withMinSamples(AdaptiveWeightsConfig c, int value) {
    return new AdaptiveWeightsConfig(c.learningRate(), value, c.lower(), c.upper(), c.decay(),
        c.historyLimit(), c.initial());
  }

  public static AdaptiveWeightsConfig withBounds(AdaptiveWeightsConfig c, double lower,
      double upper) {
    return new AdaptiveWeightsConfig(c.learningRate(), c.minSamples(), lower, upper, c.decay(),
        c.historyLimit(), c.initial());
  }

  public static AdaptiveWeightsConfig withDecay(AdaptiveWeightsConfig c, double value) {
    return new AdaptiveWeightsConfig(c.learningRate(), c.minSamples(), c.lower(), c.upper(),
        value, c.historyLimit(), c.initial());
  }

  public static AdaptiveWeightsConfig withHistoryLimit(AdaptiveWeightsConfig c, int value) {
    return new AdaptiveWeightsConfig(c.learningRate(), c.minSamples(), c.lower(), c.upper(),
        c.decay(), value, c.initial());
  }

  public static AdaptiveWeightsConfig withInitial(AdaptiveWeightsConfig c, Weights value) {
    return new AdaptiveWeightsConfig(c.learningRate(), c.minSamples(), c.lower(), c.upper(),
        c.decay(), c.historyLimit(), value);
  }

  /** Contributions that credit {@code signal} alone: 1 for it, 0 for the others. */
  public static double[] oneHot(Signal signal) {
    double[] c = new double[3];
    c[signal.ordinal()] = 1;
    return c;
  }
}
