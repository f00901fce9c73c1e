package dev.relearn.engine.weights;

/**
 * Maps explicit ratings to the [−1, 1] scale {@link AdaptiveWeights#record} takes. A rating
 * counts in proportion to its grade: thumbs are ±1 as they are, 1–5 stars are {@code (stars −
 * 3) / 2}, so 5 stars is 1, 4 is 0.5, 3 is neutral (0), 2 is −0.5 and 1 is −1. This is the same
 * scale as the feedback store's {@code Rating.normalized()}.
 */
public final class Ratings {
  private Ratings() {}

  /** Thumbs up (1) or down (−1). */
  public static double thumbs(boolean up) {
    return up ? 1 : -1;
  }

  /**
   * 1 to 5 stars on [−1, 1].
   *
   * @throws IllegalArgumentException naming the value if it is not 1 to 5
   */
  public static double stars(int stars) {
    if (stars < 1 || stars > 5) {
      throw new IllegalArgumentException("a star rating must be 1 to 5, got: " + stars);
    }
    return (stars - 3) / 2.0;
  }

  /**
   * Returns {@code rating} if it is in [−1, 1].
   *
   * @throws IllegalArgumentException naming the value otherwise (NaN included)
   */
  public static double check(double rating) {
    if (!(rating >= -1 && rating <= 1)) {
      throw new IllegalArgumentException("a rating must be in [-1, 1], got: " + rating);
    }
    return rating;
  }
}
