package dev.relearn.engine.weights;

/**
 * The weights of the lexical (BM25), semantic (vector) and learned (feedback) signals: each in
 * [{@value #MIN}, {@value #MAX}], summing to 1 (within {@value #SUM_TOLERANCE}); {@link
 * #normalized} turns arbitrary values into valid weights.
 */
public record Weights(double bm25, double vector, double learned) {
  /** The lowest weight any signal may have: no signal is ever switched off entirely. */
  public static final double MIN = 0.1;
  /** The highest weight any signal may have: no signal ever takes over entirely. */
  public static final double MAX = 0.9;
  /** How far the sum of the weights may be from 1. */
  public static final double SUM_TOLERANCE = 1e-9;

  /**
   * The start weights: BM25 and vector equally (leaving the first stage's fusion as it is), the
   * learned signal a little lower (at cold start most chunks have no feedback) but well above the
   * floor, so that feedback shows from the first searches and updates have room both ways.
   */
  public static final Weights DEFAULT = new Weights(0.35, 0.35, 0.30);

  /** How far from 1 a sum may be for {@link #normalized} to accept it as renormalised. */
  private static final double STABLE = 1e-12;

  /** Rejects a weight outside [{@value #MIN}, {@value #MAX}] or a sum other than 1, naming it. */
  public Weights {
    check("bm25", bm25);
    check("vector", vector);
    check("learned", learned);
    double sum = bm25 + vector + learned;
    if (!(Math.abs(sum - 1) <= SUM_TOLERANCE)) {
      throw new IllegalArgumentException("weights must sum to 1, got: " + sum + " (bm25=" + bm25
          + ", vector=" + vector + ", learned=" + learned + ")");
    }
  }

  private static void check(String name, double value) {
    if (!(value >= MIN && value <= MAX)) {
      throw new IllegalArgumentException(
          name + " weight must be in [" + MIN + ", " + MAX + "], got: " + value);
    }
  }

  /**
   * Clamps each value to [{@code lower}, {@code upper}] and renormalises the three to sum 1,
   * rescaling only the values not pinned at a bound (a sum above 1 those above {@code lower},
   * below 1 those below {@code upper}), until stable: each round pins one more value, so it
   * settles within four. The result is within the bounds and sums to 1 within 1e-12.
   *
   * @param lower the lowest weight, in [{@value #MIN}, 1/3]
   * @param upper the highest weight, in [1/3, {@value #MAX}]
   * @throws IllegalArgumentException for a value that is not finite, or bad bounds
   */
  public static Weights normalized(double bm25, double vector, double learned, double lower,
      double upper) {
    checkBounds(lower, upper);
    double[] v = {bm25, vector, learned};
    for (int i = 0; i < 3; i++) {
      if (!Double.isFinite(v[i])) {
        throw new IllegalArgumentException(
            "cannot normalise a non-finite " + Signal.values()[i].label() + " weight: " + v[i]);
      }
    }
    for (int round = 0; round < 8; round++) {
      double sum = 0;
      for (int i = 0; i < 3; i++) {
        v[i] = Math.min(upper, Math.max(lower, v[i]));
        sum += v[i];
      }
      if (Math.abs(sum - 1) <= STABLE) {
        return new Weights(v[0], v[1], v[2]);
      }
      boolean shrink = sum > 1;
      double pinned = 0;
      double free = 0;
      for (double x : v) {
        if (shrink ? x > lower : x < upper) {
          free += x;
        } else {
          pinned += x;
        }
      }
      double factor = (1 - pinned) / free; // free > 0: lower <= 1/3 <= upper leaves some room
      for (int i = 0; i < 3; i++) {
        if (shrink ? v[i] > lower : v[i] < upper) {
          v[i] *= factor;
        }
      }
    }
    throw new IllegalStateException("weights did not settle: " + bm25 + ", " + vector + ", "
        + learned + " in [" + lower + ", " + upper + "]");
  }

  /** Checks {@value #MIN} ≤ lower ≤ 1/3 ≤ upper ≤ {@value #MAX} and lower &lt; upper. */
  static void checkBounds(double lower, double upper) {
    if (!(lower >= MIN && lower * 3 <= 1)) {
      throw new IllegalArgumentException(
          "lower bound must be in [" + MIN + ", 1/3], got: " + lower);
    }
    if (!(upper <= MAX && upper * 3 >= 1)) {
      throw new IllegalArgumentException(
          "upper bound must be in [1/3, " + MAX + "], got: " + upper);
    }
    if (!(lower < upper)) {
      throw new IllegalArgumentException(
          "lower bound must be below upper bound, got: " + lower + " and " + upper);
    }
  }

  /** The weights in {@link Signal} order: bm25, vector, learned. */
  double[] toArray() {
    return new double[] {bm25, vector, learned};
  }

  /** Whether every weight is within [{@code lower}, {@code upper}]. */
  public boolean within(double lower, double upper) {
    return bm25 >= lower && bm25 <= upper && vector >= lower && vector <= upper
        && learned >= lower && learned <= upper;
  }
}
