package dev.relearn.lucene.schema;

/** The argument checks that records and options share; each message names the bad value. */
public final class Require {
  private Require() {}

  /** {@code value}; throws naming {@code name} when it is outside [0, 1] or NaN. */
  public static double inUnitInterval(String name, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1], got: " + value);
    }
    return value;
  }

  /** Throws naming {@code name} when {@code value} is infinite or NaN. */
  public static void finite(String name, double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(name + " must be finite, got: " + value);
    }
  }

  /** Throws naming {@code name} when {@code value} is negative, infinite or NaN. */
  public static void finiteNonNegative(String name, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be finite and >= 0, got: " + value);
    }
  }

  /** Throws naming {@code name} when {@code value} is negative. */
  public static void nonNegative(String name, long value) {
    if (value < 0) {
      throw new IllegalArgumentException(name + " must be >= 0, got: " + value);
    }
  }

  /** Throws naming {@code name} when {@code value} is below 1. */
  public static void atLeastOne(String name, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got: " + value);
    }
  }
}
