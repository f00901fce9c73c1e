package dev.relearn.engine.cluster;

import dev.relearn.engine.weights.Weights;
import java.util.List;

/**
 * A cluster's answer to a learned search.
 *
 * @param hits best first
 * @param lexicalCandidates how many chunks BM25 returned
 * @param semanticCandidates how many chunks kNN returned
 * @param rated the weights ratings taught the query's class, as an explained search ranked with
 *     them; null when not explained or never rated
 */
public record ClusterResults(List<ClusterHit> hits, int lexicalCandidates,
    int semanticCandidates, Weights rated) {
  /** Copies the hits; counts are at least 0. */
  public ClusterResults {
    hits = List.copyOf(hits);
    if (lexicalCandidates < 0 || semanticCandidates < 0) {
      throw new IllegalArgumentException("candidate counts must be >= 0, got: "
          + lexicalCandidates + ", " + semanticCandidates);
    }
  }
}
