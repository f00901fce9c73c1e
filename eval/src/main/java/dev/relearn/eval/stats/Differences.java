package dev.relearn.eval.stats;

import java.util.Objects;

/** The per-pair differences {@code a − b}, validated. */
final class Differences {
  private Differences() {}

  static double[] of(double[] a, double[] b, int minPairs) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
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
