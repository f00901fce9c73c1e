package dev.relearn.lucene.feedback;

import java.io.IOException;
import java.util.List;

/**
 * Finds past queries similar to a query vector. The re-ranker depends on this interface; relearn's
 * feedback store implements it (dependency inversion: this module knows nothing of the store),
 * and any application can: the keys of {@link PastQuery#chunks} must be the values of the
 * re-ranker's id field ({@code RerankOptions.idField}). Implementations must be thread-safe.
 * A {@code LearnedRescorer} asks once, when it is built; it drops
 * results below {@code minSimilarity} and keeps the {@code max} most similar, noting both in its
 * explanations, and lets what the lookup throws propagate unchanged.
 */
public interface FeedbackLookup {
  /** A lookup with no feedback at all. */
  FeedbackLookup NONE = (vector, minSimilarity, max) -> List.of();

  /**
   * Past queries whose vectors have a dot product of at least {@code minSimilarity} with {@code
   * queryVector}, most similar first.
   *
   * @param queryVector the query's vector (a copy; relearn's are unit vectors), its components
   *     finite: the re-ranker does not ask about a vector with NaN or infinite components
   * @param minSimilarity the similarity threshold, e.g. 0.7
   * @param max at most this many results
   */
  List<PastQuery> similar(float[] queryVector, float minSimilarity, int max) throws IOException;
}
