package dev.relearn.engine.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class WeightsTest {
  private static Weights normalized(double bm25, double vector, double learned) {
    return Weights.normalized(bm25, vector, learned, Weights.MIN, Weights.MAX);
  }

  @Test
  void defaultIsValidAndFavoursNoRetrievalSignal() {
    Weights w = Weights.DEFAULT;
    assertEquals(1, w.bm25() + w.vector() + w.learned(), 1e-12);
    assertEquals(w.bm25(), w.vector());
    assertTrue(w.learned() < w.bm25() && w.learned() > Weights.MIN);
  }

  @Test
  void constructorNamesTheBadValue() {
    assertEquals("bm25 weight must be in [0.1, 0.9], got: 0.95",
        assertThrows(IllegalArgumentException.class, () -> new Weights(0.95, 0.05, 0))
            .getMessage());
    assertEquals("learned weight must be in [0.1, 0.9], got: 0.05",
        assertThrows(IllegalArgumentException.class, () -> new Weights(0.5, 0.45, 0.05))
            .getMessage());
    assertEquals("vector weight must be in [0.1, 0.9], got: NaN",
        assertThrows(IllegalArgumentException.class, () -> new Weights(0.5, Double.NaN, 0.5))
            .getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new Weights(0.5, 0.5, 0.5))
        .getMessage().startsWith("weights must sum to 1, got: 1.5"));
    new Weights(0.5, 0.4, 0.1 + 5e-10); // within the sum tolerance
  }

  @Test
  void normalizedClampsAndRenormalises() {
    assertWeights(1 / 3.0, 1 / 3.0, 1 / 3.0, normalized(1, 1, 1));
    assertWeights(0.8, 0.1, 0.1, normalized(5, 0, -3));
    assertWeights(0.25, 0.25, 0.5, normalized(0.05, 0.05, 0.2));
  }

  @Test
  void normalizedKeepsRenormalisingWhenThatPushesAValueOutOfBounds() {
    // renormalising (0.9, 0.1, 0.3) once gives 0.1/1.3 = 0.077 < 0.1
    assertTrue(0.1 / 1.3 < Weights.MIN);
    assertWeights(0.675, 0.1, 0.225, normalized(0.9, 0.1, 0.3));
    // upwards with narrower bounds: once would give 0.5/0.9 = 0.56 > 0.5
    assertWeights(0.5, 0.25, 0.25, Weights.normalized(0.6, 0.2, 0.2, 0.2, 0.5));
  }

  @Test
  void normalizedHoldsBoundsForAnyInput() {
    Random random = new Random(7);
    for (int i = 0; i < 100_000; i++) {
      double lower = Weights.MIN + random.nextDouble() * (1 / 3.0 - Weights.MIN);
      double upper = 1 / 3.0 + 0.001 + random.nextDouble() * (Weights.MAX - 1 / 3.0 - 0.001);
      if (i % 3 == 0) {
        lower = Weights.MIN;
        upper = Weights.MAX;
      }
      double[] v = new double[3];
      for (int j = 0; j < 3; j++) {
        v[j] = switch (random.nextInt(4)) {
          case 0 -> random.nextDouble();
          case 1 -> (random.nextDouble() - 0.5) * 20;
          case 2 -> random.nextBoolean() ? lower : upper;
          default -> random.nextDouble() * 1e6;
        };
      }
      Weights w = Weights.normalized(v[0], v[1], v[2], lower, upper);
      assertTrue(w.within(lower, upper), () -> w + " not in bounds");
      assertEquals(1, w.bm25() + w.vector() + w.learned(), 1e-12);
    }
  }

  @Test
  void normalizedLeavesValidWeightsAlone() {
    Weights w = new Weights(0.2, 0.5, 0.3);
    assertEquals(w, normalized(0.2, 0.5, 0.3));
    assertEquals(Weights.DEFAULT, normalized(0.35, 0.35, 0.30));
  }

  @Test
  void normalizedRejectsNonFiniteValuesAndBadBounds() {
    assertEquals("cannot normalise a non-finite learned weight: Infinity",
        assertThrows(IllegalArgumentException.class,
            () -> normalized(0.3, 0.3, Double.POSITIVE_INFINITY)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> normalized(Double.NaN, 0, 0));
    assertEquals("lower bound must be in [0.1, 1/3], got: 0.4",
        assertThrows(IllegalArgumentException.class,
            () -> Weights.normalized(0.3, 0.3, 0.4, 0.4, 0.9)).getMessage());
    assertEquals("upper bound must be in [1/3, 0.9], got: 0.95",
        assertThrows(IllegalArgumentException.class,
            () -> Weights.normalized(0.3, 0.3, 0.4, 0.1, 0.95)).getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> Weights.normalized(0.3, 0.3, 0.4, 1 / 3.0, 1 / 3.0));
  }

  @Test
  void accessors() {
    Weights w = new Weights(0.2, 0.5, 0.3);
    assertTrue(w.within(0.2, 0.5));
    assertFalse(w.within(0.25, 0.5));
  }

  static void assertWeights(double bm25, double vector, double learned, Weights actual) {
    assertEquals(bm25, actual.bm25(), 1e-12, () -> "bm25 of " + actual);
    assertEquals(vector, actual.vector(), 1e-12, () -> "vector of " + actual);
    assertEquals(learned, actual.learned(), 1e-12, () -> "learned of " + actual);
  }
}
