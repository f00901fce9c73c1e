package dev.relearn.engine;

import dev.relearn.lucene.rerank.ScoreBreakdown;
import dev.relearn.lucene.search.SearchResults;
import java.util.List;

/**
 * A learned search's hits with their score breakdowns.
 *
 * @param results the hits, best first
 * @param explanations one breakdown per hit, in the same order
 */
public record ExplainedResults(SearchResults results, List<ScoreBreakdown> explanations) {
  /** Copies the list and checks that it matches the hits. */
  public ExplainedResults {
    explanations = List.copyOf(explanations);
    if (explanations.size() != results.hits().size()) {
      throw new IllegalArgumentException(explanations.size() + " explanations for "
          + results.hits().size() + " hits");
    }
  }
}
