package dev.relearn.engine.weights;

import static dev.relearn.engine.weights.Configs.withInitial;
import static dev.relearn.engine.weights.Configs.withHistoryLimit;
import static dev.relearn.engine.weights.Configs.withDecay;
import static dev.relearn.engine.weights.Configs.withBounds;
import static dev.relearn.engine.weights.Configs.withMinSamples;
import static dev.relearn.engine.weights.Configs.withLearningRate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AdaptiveWeightsConfigTest {
  private static final AdaptiveWeightsConfig D = AdaptiveWeightsConfig.DEFAULTS;

  @Test
  void defaultsAreTheDesignsValues() {
    assertEquals(new AdaptiveWeightsConfig(0.1, 5, 0.1, 0.9, 0.95, 200, Weights.DEFAULT), D);
  }

  @Test
  void badSettingsNameTheValue() {
    assertEquals("learning rate must be in (0, 1], got: 0.0", message(() -> withLearningRate(D, 0)));
    assertEquals("learning rate must be in (0, 1], got: 1.5",
        message(() -> withLearningRate(D, 1.5)));
    assertEquals("minimum samples must be at least 1, got: 0", message(() -> withMinSamples(D, 0)));
    assertEquals("lower bound must be in [0.1, 1/3], got: 0.05",
        message(() -> withBounds(D, 0.05, 0.9)));
    assertEquals("upper bound must be in [1/3, 0.9], got: 0.3",
        message(() -> withBounds(D, 0.1, 0.3)));
    assertEquals("decay must be in (0, 1], got: 0.0", message(() -> withDecay(D, 0)));
    assertEquals("decay must be in (0, 1], got: NaN", message(() -> withDecay(D, Double.NaN)));
    assertEquals("history limit must be at least 1, got: 0", message(() -> withHistoryLimit(D, 0)));
    assertEquals("initial weights must be within [0.32, 0.5], got: "
        + "Weights[bm25=0.35, vector=0.35, learned=0.3]", message(() -> withBounds(D, 0.32, 0.5)));
    assertEquals("initial weights must not be null", message(() -> withInitial(D, null)));
  }

  @Test
  void validVariants() {
    assertEquals(1.0, withDecay(D, 1).decay());
    assertEquals(1, withMinSamples(D, 1).minSamples());
    assertEquals(0.5, withBounds(withInitial(D, new Weights(0.3, 0.3, 0.4)), 0.3, 0.5).upper());
  }

  private static String message(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }
}
