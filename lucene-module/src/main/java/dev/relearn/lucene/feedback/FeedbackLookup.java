package dev.relearn.lucene.feedback;

import java.io.IOException;
import java.util.List;

/**
 * Finds past queries similar to a query vector. The re-ranker depends on this interface; the
 * feedback store implements it (dependency inversion: this module knows nothing of the store).
 * Implementations are thread-safe.
 */
public interface FeedbackLookup {
  /** A lookup with no feedback at all. */
  FeedbackLookup NONE = (vector, minSimilarity, max) -> List.of();

  /**
   * Past queries whose vectors have a dot product of at least {@code minSimilarity} with {@code
   * queryVector}, most similar first.
   *
   * @param queryVector a unit vector; not modified
   * @param minSimilarity the similarity threshold, e.g. 0.7
   * @param max at most this many results
   */
  List<PastQuery> similar(float[] queryVector, float minSimilarity, int max) throws IOException;
}
