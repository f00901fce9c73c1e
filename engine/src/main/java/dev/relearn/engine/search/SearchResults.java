package dev.relearn.engine.search;

import java.util.List;

/**
 * The hits of one search, best first (but for an explored slot).
 *
 * @param hits at most {@code k} hits
 * @param lexicalCandidates how many candidates BM25 returned
 * @param semanticCandidates how many candidates the vector search returned
 * @param explored the slot exploration filled from below the cut, or null when none was
 */
public record SearchResults(List<Hit> hits, int lexicalCandidates, int semanticCandidates,
    ExploredSlot explored) {
  /** Copies the list and rejects negative counts. */
  public SearchResults {
    hits = List.copyOf(hits);
    if (lexicalCandidates < 0 || semanticCandidates < 0) {
      throw new IllegalArgumentException("candidate counts must be >= 0, got: "
          + lexicalCandidates + ", " + semanticCandidates);
    }
  }

  /** Results without an explored slot. */
  public SearchResults(List<Hit> hits, int lexicalCandidates, int semanticCandidates) {
    this(hits, lexicalCandidates, semanticCandidates, null);
  }

  /** These results with {@code slot} marked as explored. */
  public SearchResults withExplored(ExploredSlot slot) {
    return new SearchResults(hits, lexicalCandidates, semanticCandidates, slot);
  }

  /**
   * The probability that the chunk at 1-based {@code rank} was shown there: the explored slot's
   * propensity, else 1.
   */
  public double propensity(int rank) {
    return explored != null && explored.rank() == rank ? explored.propensity() : 1.0;
  }
}
