package dev.relearn.eval.simulate;

/** Checks for probability parameters. */
final class Probabilities {
  private Probabilities() {}

  /** Throws naming {@code what} when {@code value} is not in [0, 1]. */
  static void require(String what, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(what + " must be in [0, 1], got: " + value);
    }
  }
}
