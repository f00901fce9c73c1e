package dev.relearn.engine;

import dev.relearn.engine.search.SearchResults;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.Weights;
import dev.relearn.lucene.trust.Trust;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * A learned search's hits, each with the {@link Explanation} of its score (one detail per
 * feature), and the query's class, the weights and the trust in the vote the search used (the
 * trust sets the boost's weight once fitted: docs/RANKING.md).
 */
public record ExplainedResults(SearchResults results, List<Explanation> explanations,
    QueryClass queryClass, Weights weights, Trust trust) {
  /** Copies the list and checks that it matches the hits. */
  public ExplainedResults {
    Objects.requireNonNull(queryClass, "queryClass");
    Objects.requireNonNull(weights, "weights");
    Objects.requireNonNull(trust, "trust");
    explanations = List.copyOf(explanations);
    if (explanations.size() != results.hits().size()) {
      throw new IllegalArgumentException(explanations.size() + " explanations for "
          + results.hits().size() + " hits");
    }
  }
}
