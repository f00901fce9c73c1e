package dev.relearn.lucene.fusion;

/**
 * A candidate after fusion, with what each stage said about it.
 *
 * @param doc the Lucene doc id
 * @param score the fused score; higher is better
 * @param lexical the BM25 stage's view, or null if BM25 did not return it
 * @param semantic the vector stage's view, or null if the vector search did not return it
 */
public record FusedHit(int doc, double score, StageHit lexical, StageHit semantic) {
  /** Rejects a NaN score and a hit that no stage returned. */
  public FusedHit {
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("fused score is NaN for doc " + doc);
    }
    if (lexical == null && semantic == null) {
      throw new IllegalArgumentException("doc " + doc + " came from no stage");
    }
  }
}
