package dev.relearn.eval.simulate;

/** Checks for probability parameters. */
final class Probabilities {
  private Probabilities() {}

  /** Returns {@code value}, or throws naming {@code what} when it is not in [0, 1]. */
  static double require(String what, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(what + " must be in [0, 1], got: " + value);
    }
    return value;
  }
}
