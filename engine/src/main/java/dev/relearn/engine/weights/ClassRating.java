package dev.relearn.engine.weights;

import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.schema.Require;

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
      Require.inUnitInterval(Signal.values()[i].label() + " contribution", contributions[i]);
    }
    return contributions.clone();
  }
}
