package dev.relearn.eval.metrics;

import java.util.Objects;

/**
 * One retrieved document and the score the system gave it for a query.
 *
 * @param docId the document id as it appears in the qrels; not blank
 * @param score the retrieval score; higher ranks first; must not be NaN
 */
public record ScoredDoc(String docId, double score) {

  public ScoredDoc {
    Objects.requireNonNull(docId, "docId");
    if (docId.isBlank()) {
      throw new IllegalArgumentException("docId must not be blank, got: '" + docId + "'");
    }
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("score must not be NaN (doc: " + docId + ")");
    }
  }
}
