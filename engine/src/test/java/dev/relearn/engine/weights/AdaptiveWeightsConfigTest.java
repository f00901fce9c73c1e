package dev.relearn.engine.weights;

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
    assertEquals("learning rate must be in (0, 1], got: 0.0", message(() -> D.withLearningRate(0)));
    assertEquals("learning rate must be in (0, 1], got: 1.5",
        message(() -> D.withLearningRate(1.5)));
    assertEquals("minimum samples must be at least 1, got: 0", message(() -> D.withMinSamples(0)));
    assertEquals("lower bound must be in [0.1, 1/3], got: 0.05",
        message(() -> D.withBounds(0.05, 0.9)));
    assertEquals("upper bound must be in [1/3, 0.9], got: 0.3",
        message(() -> D.withBounds(0.1, 0.3)));
    assertEquals("decay must be in (0, 1], got: 0.0", message(() -> D.withDecay(0)));
    assertEquals("decay must be in (0, 1], got: NaN", message(() -> D.withDecay(Double.NaN)));
    assertEquals("history limit must be at least 1, got: 0", message(() -> D.withHistoryLimit(0)));
    assertEquals("initial weights must be within [0.32, 0.5], got: "
        + "Weights[bm25=0.35, vector=0.35, learned=0.3]", message(() -> D.withBounds(0.32, 0.5)));
    assertEquals("initial weights must not be null", message(() -> D.withInitial(null)));
  }

  @Test
  void validVariants() {
    assertEquals(1.0, D.withDecay(1).decay());
    assertEquals(1, D.withMinSamples(1).minSamples());
    assertEquals(0.5, D.withInitial(new Weights(0.3, 0.3, 0.4)).withBounds(0.3, 0.5).upper());
  }

  private static String message(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }
}
