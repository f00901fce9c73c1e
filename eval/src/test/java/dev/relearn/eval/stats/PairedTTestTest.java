package dev.relearn.eval.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The paired t-test against published values. */
class PairedTTestTest {
  /** Student's sleep data (Cushny and Peebles, 1905): extra hours of sleep under two drugs. */
  static final double[] DRUG_1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
  static final double[] DRUG_2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

  @Test
  void sleepDataMatchesThePublishedTest() {
    // R: t.test(extra ~ group, data = sleep, paired = TRUE): t = -4.0621, df = 9, p = 0.002833
    PairedTTest.Result result = PairedTTest.test(DRUG_1, DRUG_2);
    assertEquals(10, result.n());
    assertEquals(9, result.degreesOfFreedom());
    assertEquals(-1.58, result.meanDifference(), 1e-12);
    assertEquals(-4.0621, result.t(), 5e-5);
    assertEquals(0.002833, result.pValue(), 5e-7);
    assertEquals(result.pValue(), PairedTTest.test(DRUG_2, DRUG_1).pValue(), 1e-15);
  }

  @Test
  void tailProbabilitiesMatchTables() {
    // two-sided critical values of Student's t from standard tables
    assertEquals(0.05, PairedTTest.twoSidedP(2.228139, 10), 1e-6);
    assertEquals(0.01, PairedTTest.twoSidedP(3.169273, 10), 1e-6);
    assertEquals(0.05, PairedTTest.twoSidedP(2.570582, 5), 1e-6);
    assertEquals(0.10, PairedTTest.twoSidedP(1.724718, 20), 1e-6);
    assertEquals(0.05, PairedTTest.twoSidedP(1.959964, 1_000_000), 1e-5);
    // closed forms: df 1 is Cauchy, P(|T| > 1) = 1/2; df 2: P(|T| > t) = 1 − t/√(t² + 2)
    assertEquals(0.5, PairedTTest.twoSidedP(1, 1), 1e-12);
    assertEquals(1 - 2 / Math.sqrt(6), PairedTTest.twoSidedP(2, 2), 1e-12);
    assertEquals(1.0, PairedTTest.twoSidedP(0, 7), 1e-12);
    assertEquals(0.0, PairedTTest.twoSidedP(Double.POSITIVE_INFINITY, 7));
  }

  @Test
  void degenerateAndBadInput() {
    assertEquals(1.0, PairedTTest.test(new double[] {1, 2, 3}, new double[] {1, 2, 3}).pValue());
    assertEquals(0.0, PairedTTest.test(new double[] {2, 3, 4}, new double[] {1, 2, 3}).pValue());
    assertEquals("paired samples need the same length, got 2 and 3", assertThrows(
        IllegalArgumentException.class,
        () -> PairedTTest.test(new double[] {1, 2}, new double[] {1, 2, 3})).getMessage());
    assertEquals("need at least 2 pairs, got: 1", assertThrows(IllegalArgumentException.class,
        () -> PairedTTest.test(new double[] {1}, new double[] {2})).getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> PairedTTest.test(new double[] {1, Double.NaN}, new double[] {2, 3}));
  }

  @Test
  void logGammaAndBetaAgreeWithClosedForms() {
    assertEquals(Math.log(24), Gamma.logGamma(5), 1e-13);
    assertEquals(0.5 * Math.log(Math.PI), Gamma.logGamma(0.5), 1e-13);
    assertEquals(Math.log(Math.sqrt(Math.PI) / 2), Gamma.logGamma(1.5), 1e-13);
    // I_x(1, b) = 1 − (1 − x)^b and I_x(a, 1) = x^a
    assertEquals(1 - Math.pow(0.7, 3), Gamma.regularizedBeta(0.3, 1, 3), 1e-13);
    assertEquals(Math.pow(0.8, 4.5), Gamma.regularizedBeta(0.8, 4.5, 1), 1e-13);
  }
}
