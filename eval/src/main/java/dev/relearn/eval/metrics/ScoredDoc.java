package dev.relearn.eval.metrics;

/**
 * One retrieved document (its id as in the qrels, not blank) and the score the system gave it for a
 * query (higher ranks first, not NaN).
 */
public record ScoredDoc(String docId, double score) {

  public ScoredDoc {
    Qrels.requireId("docId", docId);
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("score must not be NaN (doc: " + docId + ")");
    }
  }
}
