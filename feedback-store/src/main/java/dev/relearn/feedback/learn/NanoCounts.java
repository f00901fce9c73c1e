package dev.relearn.feedback.learn;

import dev.relearn.lucene.feedback.ChunkEvidence;

/**
 * Weighted counts in fixed point, as whole billionths. Sums of longs are exact and associative,
 * so aggregates do not depend on the order in which evidence is added, as sums of doubles would.
 * Each incoming double is rounded once, on its own, to the nearest billionth.
 */
final class NanoCounts {
  /** Fixed-point units per count. */
  static final double SCALE = 1e9;
  /** Index of each count in the arrays of this class. */
  static final int EXAMINATIONS = 0;
  static final int CLICKS = 1;
  static final int SUCCESSES = 2;
  static final int FAILURES = 3;
  static final int SIZE = 4;

  private NanoCounts() {}

  /** A count in billionths, saturating at {@link Long#MAX_VALUE}. */
  static long of(double count) {
    return Math.round(count * SCALE);
  }

  /** The four counts of the evidence, in billionths. */
  static long[] of(ChunkEvidence evidence) {
    long[] units = new long[SIZE];
    units[EXAMINATIONS] = of(evidence.examinations());
    units[CLICKS] = of(evidence.clicks());
    units[SUCCESSES] = of(evidence.successes());
    units[FAILURES] = of(evidence.failures());
    return units;
  }

  static double toCount(long units) {
    return units / SCALE;
  }

  /** The sum of two non-negative amounts, saturating instead of overflowing. */
  static long saturatingAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}
