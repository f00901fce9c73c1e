package dev.relearn.eval.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The randomisation test's estimate converges on the exact permutation p-value. */
class PairedRandomisationTestTest {
  private static final int TRIALS = 100_000;

  @Test
  void fiveConsistentImprovementsHaveExactP() {
    // all 2^5 sign assignments: only the observed one and its mirror are as extreme: 2/32
    double[] a = {0.5, 0.6, 0.7, 0.8, 0.9};
    double[] b = {0.1, 0.3, 0.2, 0.4, 0.35};
    double p = new PairedRandomisationTest(1, TRIALS).pValue(a, b);
    assertEquals(0.0625, p, tolerance(0.0625));
  }

  @Test
  void sleepDataMatchesFullEnumeration() {
    double exact = exactP(PairedTTestTest.DRUG_1, PairedTTestTest.DRUG_2);
    double p = new PairedRandomisationTest(7, TRIALS).pValue(PairedTTestTest.DRUG_1,
        PairedTTestTest.DRUG_2);
    assertEquals(exact, p, tolerance(exact));
    assertTrue(exact < 0.01 && exact > 0.001, "exact p " + exact);
  }

  @Test
  void randomSamplesMatchFullEnumeration() {
    Random random = new Random(2024);
    for (int round = 0; round < 5; round++) {
      double[] a = new double[14];
      double[] b = new double[14];
      for (int i = 0; i < a.length; i++) {
        a[i] = random.nextInt(5) / 4.0; // coarse values: ties and zero differences
        b[i] = random.nextInt(5) / 4.0 + (round - 2) * 0.05;
      }
      double exact = exactP(a, b);
      double p = new PairedRandomisationTest(round, TRIALS).pValue(a, b);
      assertEquals(exact, p, tolerance(exact), "round " + round);
    }
  }

  @Test
  void seededAndBounded() {
    double[] a = {0.3, 0.5, 0.1, 0.9, 0.4, 0.6};
    double[] b = {0.2, 0.5, 0.3, 0.7, 0.1, 0.6};
    PairedRandomisationTest test = new PairedRandomisationTest(99, 2000);
    assertEquals(test.pValue(a, b), test.pValue(a, b));
    assertEquals(1.0, test.pValue(a, a), 1e-12);
    double[] big = new double[200];
    double[] small = new double[200];
    java.util.Arrays.fill(big, 1);
    assertEquals(1.0 / 2001, test.pValue(big, small), 1e-12); // never exactly 0
    assertThrows(IllegalArgumentException.class, () -> new PairedRandomisationTest(1, 0));
  }

  @Test
  void comparisonPairsByQueryId() {
    Map<String, Double> baseline = new LinkedHashMap<>();
    Map<String, Double> system = new LinkedHashMap<>();
    for (int i = 0; i < PairedTTestTest.DRUG_1.length; i++) {
      baseline.put("q" + i, PairedTTestTest.DRUG_1[i]);
    }
    for (int i = PairedTTestTest.DRUG_2.length - 1; i >= 0; i--) { // another order
      system.put("q" + i, PairedTTestTest.DRUG_2[i]);
    }
    PairedComparison c = PairedComparison.of(baseline, system, new PairedRandomisationTest(3,
        TRIALS));
    assertEquals(1.58, c.difference(), 1e-12);
    assertEquals(0.002833, c.pTTest(), 5e-7);
    system.remove("q4");
    system.put("q77", 1.0);
    assertEquals("paired samples must cover the same queries (10 vs 10); query 'q4' is in only"
        + " one", assertThrows(IllegalArgumentException.class, () -> PairedComparison.of(
            baseline, system, new PairedRandomisationTest(3, 10))).getMessage());
  }

  /** The exact two-sided permutation p-value, over all 2^n sign assignments. */
  static double exactP(double[] a, double[] b) {
    int n = a.length;
    double observed = 0;
    for (int i = 0; i < n; i++) {
      observed += a[i] - b[i];
    }
    observed = Math.abs(observed);
    int atLeast = 0;
    for (int mask = 0; mask < (1 << n); mask++) {
      double total = 0;
      for (int i = 0; i < n; i++) {
        total += ((mask >> i) & 1) == 0 ? a[i] - b[i] : b[i] - a[i];
      }
      if (Math.abs(total) >= observed - 1e-9) {
        atLeast++;
      }
    }
    return (double) atLeast / (1 << n);
  }

  private static double tolerance(double p) {
    return 4 * Math.sqrt(p * (1 - p) / TRIALS) + 2.0 / TRIALS;
  }
}
