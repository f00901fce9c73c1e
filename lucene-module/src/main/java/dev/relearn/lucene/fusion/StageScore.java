package dev.relearn.lucene.fusion;

/**
 * What one first-stage retriever said about a hit.
 *
 * @param score the raw score (BM25, or the vector similarity Lucene reports)
 * @param rank 1-based rank in that retriever's candidate list
 */
public record StageScore(float score, int rank) {
  /** Rejects a NaN score or a rank below 1. */
  public StageScore {
    if (Float.isNaN(score)) {
      throw new IllegalArgumentException("stage score is NaN");
    }
    if (rank < 1) {
      throw new IllegalArgumentException("rank must be >= 1, got: " + rank);
    }
  }
}
