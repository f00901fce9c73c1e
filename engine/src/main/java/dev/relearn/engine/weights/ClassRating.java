package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;

/**
 * One rating, in [−1, 1] (the feedback store's {@code Rating.normalized()}), of a hit with the
 * given per-signal contributions (copied), as {@link AdaptiveWeights} applies it; checked.
 */
record ClassRating(QueryClass queryClass, double rating, double[] contributions, long millis) {
  ClassRating {
    if (queryClass == null) {
      throw new IllegalArgumentException("query class must not be null");
    }
    if (!(rating >= -1 && rating <= 1)) {
      throw new IllegalArgumentException("a rating must be in [-1, 1], got: " + rating);
    }

    contributions = checkContributions(contributions);
  }

  private static double[] checkContributions(double[] contributions) {
    if (contributions == null || contributions.length != 3) {
      throw new IllegalArgumentException("contributions must be 3 values (bm25, vector, learned), "
          + "got: " + (contributions == null ? "null" : contributions.length + " values"));
    }
    for (int i = 0; i < 3; i++) {
      double value = contributions[i];
      if (!(value >= 0 && value <= 1)) {
        throw new IllegalArgumentException(Signal.values()[i].label()
            + " contribution must be in [0, 1], got: " + value);
      }
    }
    return contributions.clone();
  }
}
