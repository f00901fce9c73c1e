package dev.relearn.lucene.rerank;

/**
 * Query-independent features from a chunk's learned values, each exactly 0 for a chunk nobody has
 * used. Logarithms are {@code Math.log(1 + x)}, a fast intrinsic, not {@code Math.log1p} (once a
 * quarter of the re-rank's time), whose extra precision near 0 is far below one use.
 */
public final class UsageSignals {
  /** The recency time scale: a chunk used this long ago has recency e^-1. */
  public static final long RECENCY_SCALE_MILLIS = 30L * 24 * 60 * 60 * 1000;
  /** The floor of the per-chunk prior, from the design. */
  public static final double PRIOR_FLOOR = 0.01;
  /** The smallest {@link #logPrior} value: ln(0.01). */
  public static final double MIN_LOG_PRIOR = Math.log(PRIOR_FLOOR);

  private UsageSignals() {}

  /**
   * The log of the design's adaptive per-chunk prior {@code max(0.01, 1 + ln(1+s) − 0.5·ln(1+f))}.
   * The log makes it additive and neutral: exactly 0 with no successes and no failures, positive
   * with successes, down to {@link #MIN_LOG_PRIOR} (about −4.6) with failures.
   *
   * @param successes at least 0
   * @param failures at least 0
   */
  public static double logPrior(long successes, long failures) {
    if (successes < 0 || failures < 0) {
      throw new IllegalArgumentException(
          "successes and failures must be >= 0, got: " + successes + ", " + failures);
    }
    if (successes == 0 && failures == 0) {
      return 0; // ln(1 + 0 − 0), without the three logarithms
    }
    double prior = 1 + Math.log(1.0 + successes) - 0.5 * Math.log(1.0 + failures);
    return Math.log(Math.max(PRIOR_FLOOR, prior));
  }

  /**
   * {@code e^(−age / 30 days)} in [0, 1]: 1 for a chunk used just now, 0 for one never used
   * ({@code lastUsedMillis == 0}). A last use in the future (clock skew) counts as now.
   */
  public static double recency(long lastUsedMillis, long nowMillis) {
    if (lastUsedMillis <= 0) {
      return 0;
    }
    double age = Math.max(0, nowMillis - lastUsedMillis);
    return Math.exp(-age / RECENCY_SCALE_MILLIS);
  }

  /** {@code ln(1+uses)}, or 0 when {@code uses} is not positive (NaN included). */
  static double logUses(double uses) {
    return uses > 0 ? Math.log(1 + uses) : 0;
  }

  /**
   * Frequency from the two {@link #logUses}, {@code ln(1+uses) / ln(1+maxUses)} in [0, 1]: how
   * often a chunk was used relative to the most used chunk in the window; 0 when either is 0
   * (nobody used, or a count too small to move {@code 1 + uses} off 1).
   */
  static double frequencyOfLogs(double logUses, double logMaxUses) {
    if (!(logMaxUses > 0) || !(logUses > 0)) {
      return 0;
    }
    return Math.min(1, logUses / logMaxUses);
  }
}
