package dev.relearn.lucene.fusion;

import dev.relearn.lucene.schema.Require;

/**
 * One candidate as a first-stage retriever ranked it.
 *
 * @param doc the Lucene doc id (top-level, in the searcher's reader)
 * @param score the retriever's raw score
 * @param rank 1-based rank in that retriever's list
 */
public record StageHit(int doc, float score, int rank) {
  /** Rejects a negative doc, a NaN score or a rank below 1. */
  public StageHit {
    Require.nonNegative("doc", doc);
    if (Float.isNaN(score)) {
      throw new IllegalArgumentException("score is NaN for doc " + doc);
    }
    if (rank < 1) {
      throw new IllegalArgumentException("rank must be >= 1, got: " + rank);
    }
  }
}
