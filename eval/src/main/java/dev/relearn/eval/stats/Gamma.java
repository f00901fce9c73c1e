package dev.relearn.eval.stats;

import dev.relearn.lucene.schema.Require;

/** The log-gamma function and the regularised incomplete beta function, for the t distribution. */
final class Gamma {
  /** Lanczos approximation, g = 7, nine coefficients (relative error below 1e-15). */
  private static final double[] LANCZOS = {
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7
  };
  private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);
  private static final double EPSILON = 1e-15;
  private static final double TINY = 1e-300;
  private static final int MAX_ITERATIONS = 10_000;

  private Gamma() {}

  /** ln Γ(x) for x > 0. */
  static double logGamma(double x) {
    if (!(x > 0)) {
      throw new IllegalArgumentException("x must be > 0, got: " + x);
    }
    if (x < 0.5) { // reflection: Γ(x)Γ(1−x) = π / sin(πx)
      return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
    }
    double z = x - 1;
    double sum = LANCZOS[0];
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (z + i);
    }
    double t = z + 7.5;
    return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
  }

  /** The regularised incomplete beta function I_x(a, b), for x in [0, 1] and a, b > 0. */
  static double regularizedBeta(double x, double a, double b) {
    Require.inUnitInterval("x", x);
    if (x == 0 || x == 1) {
      return x;
    }
    if (x > (a + 1) / (a + b + 2)) { // the continued fraction converges fast on this side only
      return 1 - regularizedBeta(1 - x, b, a);
    }
    double logFront = a * Math.log(x) + b * Math.log(1 - x)
        - (logGamma(a) + logGamma(b) - logGamma(a + b)) - Math.log(a);
    return Math.exp(logFront) * continuedFraction(x, a, b);
  }

  /** The continued fraction of I_x(a, b), evaluated by the modified Lentz method. */
  private static double continuedFraction(double x, double a, double b) {
    double c = 1;
    double d = nonZero(1 - (a + b) * x / (a + 1));
    d = 1 / d;
    double f = d;
    for (int m = 1; m <= MAX_ITERATIONS; m++) {
      double even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
      d = 1 / nonZero(1 + even * d);
      c = nonZero(1 + even / c);
      f *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
      d = 1 / nonZero(1 + odd * d);
      c = nonZero(1 + odd / c);
      double delta = d * c;
      f *= delta;
      if (Math.abs(delta - 1) < EPSILON) {
        return f;
      }
    }
    throw new ArithmeticException("incomplete beta did not converge for x=" + x + ", a=" + a
        + ", b=" + b);
  }

  private static double nonZero(double value) {
    return Math.abs(value) < TINY ? TINY : value;
  }
}
