package dev.relearn.lucene.search;

import java.util.List;

/**
 * The hits of one search, best first.
 *
 * @param hits at most {@code k} hits
 * @param lexicalCandidates how many candidates BM25 returned
 * @param semanticCandidates how many candidates the vector search returned
 */
public record SearchResults(List<Hit> hits, int lexicalCandidates, int semanticCandidates) {
  /** Copies the list and rejects negative counts. */
  public SearchResults {
    hits = List.copyOf(hits);
    if (lexicalCandidates < 0 || semanticCandidates < 0) {
      throw new IllegalArgumentException("candidate counts must be >= 0, got: "
          + lexicalCandidates + ", " + semanticCandidates);
    }
  }
}
