package dev.relearn.feedback.index;

/**
 * Checks a query vector's dimension and components and returns a unit-length copy. Messages name
 * the vector's owner, its size and a bad component's position, never the values.
 */
final class UnitVectors {
  private UnitVectors() {}

  /**
   * A unit-length copy of {@code vector}; IllegalArgumentException (naming {@code what}) for the
   * wrong dimension, a non-finite component or a zero vector.
   */
  static float[] copy(float[] vector, int dimension, String what) {
    if (vector.length != dimension) {
      throw new IllegalArgumentException(what + " has a vector of " + vector.length
          + " dimensions; the feedback index expects " + dimension);
    }
    double norm = 0;
    for (int i = 0; i < vector.length; i++) {
      if (!Float.isFinite(vector[i])) {
        throw new IllegalArgumentException(what + " has a non-finite vector component at " + i);
      }
      norm += (double) vector[i] * vector[i];
    }
    if (norm == 0) {
      throw new IllegalArgumentException(what + " has a zero vector");
    }
    double inverse = 1.0 / Math.sqrt(norm);
    float[] unit = new float[vector.length];
    for (int i = 0; i < unit.length; i++) {
      unit[i] = (float) (vector[i] * inverse);
    }
    return unit;
  }
}
