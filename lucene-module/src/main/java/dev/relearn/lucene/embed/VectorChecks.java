package dev.relearn.lucene.embed;

/** Validates vectors where they enter the index or a search, so bad embedders fail loudly. */
public final class VectorChecks {
  private static final float UNIT_TOLERANCE = 1e-3f;

  private VectorChecks() {}

  /**
   * Checks that {@code vector} has {@code dimension} finite components and unit length.
   *
   * @param source who produced the vector (a model id), for the message
   * @throws IllegalArgumentException naming the model, the expected and actual size, or the bad
   *     component
   */
  public static float[] requireUnitVector(float[] vector, int dimension, String source) {
    if (vector == null) {
      throw new IllegalArgumentException("embedder '" + source + "' returned no vector");
    }
    if (vector.length != dimension) {
      throw new IllegalArgumentException("embedder '" + source + "' returned a vector of "
          + vector.length + " dimensions; the index expects " + dimension);
    }
    double norm = 0;
    for (int i = 0; i < vector.length; i++) {
      float v = vector[i];
      if (!Float.isFinite(v)) {
        throw new IllegalArgumentException(
            "embedder '" + source + "' returned " + v + " at component " + i);
      }
      norm += (double) v * v;
    }
    if (Math.abs(Math.sqrt(norm) - 1.0) > UNIT_TOLERANCE) {
      throw new IllegalArgumentException("embedder '" + source
          + "' returned a vector of length " + Math.sqrt(norm)
          + "; DOT_PRODUCT needs unit vectors");
    }
    return vector;
  }

  /** Scales {@code vector} in place to unit length; a zero vector is left as it is. */
  public static float[] normalize(float[] vector) {
    double norm = 0;
    for (float v : vector) {
      norm += (double) v * v;
    }
    if (norm > 0) {
      float inv = (float) (1.0 / Math.sqrt(norm));
      for (int i = 0; i < vector.length; i++) {
        vector[i] *= inv;
      }
    }
    return vector;
  }
}
