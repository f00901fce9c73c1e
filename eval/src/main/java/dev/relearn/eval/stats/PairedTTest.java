package dev.relearn.eval.stats;

import dev.relearn.lucene.schema.Require;

/**
 * Student's paired t-test, two-sided: t = mean(d) / (sd(d) / √n) on the differences d, with
 * n − 1 degrees of freedom. When every difference is equal the test is degenerate: p is 1 if
 * they are all 0 and 0 otherwise.
 */
public final class PairedTTest {
  private PairedTTest() {}

  /**
   * The result: pairs, mean of {@code a − b}, the t statistic (infinite or NaN when degenerate),
   * degrees of freedom and the two-sided p-value.
   */
  public record Result(int n, double meanDifference, double t, int degreesOfFreedom,
      double pValue) {}

  /**
   * Tests whether the paired samples {@code a} and {@code b} differ in mean; throws for different
   * lengths, fewer than 2 pairs or a value that is not finite.
   */
  public static Result test(double[] a, double[] b) {
    double[] d = differences(a, b, 2);
    int n = d.length;
    double mean = 0;
    for (double x : d) {
      mean += x;
    }
    mean /= n;
    double squares = 0;
    for (double x : d) {
      squares += (x - mean) * (x - mean);
    }
    double sd = Math.sqrt(squares / (n - 1));
    if (sd == 0 || sd < Math.abs(mean) * 1e-14) {
      boolean same = mean == 0;
      return new Result(n, mean, same ? Double.NaN : Math.copySign(Double.POSITIVE_INFINITY, mean),
          n - 1, same ? 1 : 0);
    }
    double t = mean / (sd / Math.sqrt(n));
    return new Result(n, mean, t, n - 1, twoSidedP(t, n - 1));
  }

  /** P(|T| ≥ |t|) for Student's t with {@code df} degrees of freedom. */
  public static double twoSidedP(double t, int df) {
    Require.atLeastOne("degrees of freedom", df);
    if (Double.isNaN(t)) {
      throw new IllegalArgumentException("t must not be NaN");
    }
    if (Double.isInfinite(t)) {
      return 0;
    }
    double x = df / (df + t * t);
    return Math.min(1, Math.max(0, Gamma.regularizedBeta(x, df / 2.0, 0.5)));
  }

  /** The per-pair differences {@code a − b}, checked: same lengths, enough pairs, finite. */
  static double[] differences(double[] a, double[] b, int minPairs) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("paired samples need the same length, got " + a.length
          + " and " + b.length);
    }
    if (a.length < minPairs) {
      throw new IllegalArgumentException("need at least " + minPairs + " pairs, got: " + a.length);
    }
    double[] d = new double[a.length];
    for (int i = 0; i < d.length; i++) {
      if (!Double.isFinite(a[i]) || !Double.isFinite(b[i])) {
        throw new IllegalArgumentException("pair " + i + " is not finite: " + a[i] + ", " + b[i]);
      }
      d[i] = a[i] - b[i];
    }
    return d;
  }
}
