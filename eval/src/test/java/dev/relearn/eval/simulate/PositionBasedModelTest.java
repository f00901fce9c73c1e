package dev.relearn.eval.simulate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The position-based model's click rates equal (1/rank)^eta times P(click | relevance). */
class PositionBasedModelTest {
  private static final int TRIALS = 200_000;

  @Test
  void clickRatesFollowExaminationTimesAttractiveness() {
    for (double eta : new double[] {1, 2, 0.5}) {
      PositionBasedModel model = new PositionBasedModel(eta, ClickNoise.DEFAULT);
      int[] grades = {1, 0, 1, 0, 1, 0, 1, 0, 1, 0};
      double[] rates = rates(model, grades, 1, new SplittableRandom(7));
      for (int rank = 1; rank <= grades.length; rank++) {
        double expected = Math.pow(1.0 / rank, eta) * (grades[rank - 1] == 1 ? 1.0 : 0.1);
        assertEquals(expected, rates[rank - 1], tolerance(expected),
            "eta " + eta + " rank " + rank);
      }
    }
  }

  @Test
  void etaZeroRemovesPositionBiasAndIndependentNoiseIgnoresRelevance() {
    PositionBasedModel model = new PositionBasedModel(0, ClickNoise.independent(0.3));
    double[] rates = rates(model, new int[] {2, 0, 1, 0, 0}, 2, new SplittableRandom(3));
    for (double rate : rates) {
      assertEquals(0.3, rate, tolerance(0.3));
    }
  }

  @Test
  void sameSeedSameClicksOtherSeedOtherClicks() {
    int[] grades = {1, 0, 0, 1, 0, 0, 0, 1, 0, 0};
    boolean[][] a = new boolean[50][];
    boolean[][] b = new boolean[50][];
    boolean[][] c = new boolean[50][];
    SplittableRandom ra = new SplittableRandom(11);
    SplittableRandom rb = new SplittableRandom(11);
    SplittableRandom rc = new SplittableRandom(12);
    for (int i = 0; i < 50; i++) {
      a[i] = PositionBasedModel.DEFAULT.clicks(grades, 1, ra);
      b[i] = PositionBasedModel.DEFAULT.clicks(grades, 1, rb);
      c[i] = PositionBasedModel.DEFAULT.clicks(grades, 1, rc);
    }
    for (int i = 0; i < 50; i++) {
      assertArrayEquals(a[i], b[i]);
    }
    assertFalse(Arrays.deepEquals(a, c));
  }

  @Test
  void rejectsBadParameters() {
    assertEquals("eta must be finite and >= 0, got: -1.0", assertThrows(
        IllegalArgumentException.class, () -> new PositionBasedModel(-1, ClickNoise.DEFAULT))
        .getMessage());
    assertEquals("P(click | not relevant) must be in [0, 1], got: 1.5", assertThrows(
        IllegalArgumentException.class, () -> new ClickNoise(1, 1.5)).getMessage());
  }

  /** Four standard errors of a rate estimated from {@link #TRIALS} draws. */
  static double tolerance(double p) {
    return 4 * Math.sqrt(Math.max(p * (1 - p), 1e-6) / TRIALS) + 1e-9;
  }

  static double[] rates(ClickModel model, int[] grades, int maxGrade, SplittableRandom random) {
    double[] counts = new double[grades.length];
    for (int t = 0; t < TRIALS; t++) {
      boolean[] clicks = model.clicks(grades, maxGrade, random);
      for (int i = 0; i < clicks.length; i++) {
        counts[i] += clicks[i] ? 1 : 0;
      }
    }
    for (int i = 0; i < counts.length; i++) {
      counts[i] /= TRIALS;
    }
    return counts;
  }
}
