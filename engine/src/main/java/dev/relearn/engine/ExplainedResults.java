package dev.relearn.engine;

import dev.relearn.engine.search.SearchResults;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.Weights;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.Explanation;

/**
 * A learned search's hits with the Lucene {@link Explanation} of each score
 * ({@code LinearModel.explain}: its value is the score, one detail per feature).
 *
 * @param results the hits, best first
 * @param explanations one explanation per hit, in the same order
 * @param queryClass the class the query was put in
 * @param weights that class's weights over (bm25, vector, learned) the search used: the learned
 *     one is the boost's weight, the sum of the other two the relevance's and their difference
 *     the balance's
 */
public record ExplainedResults(SearchResults results, List<Explanation> explanations,
    QueryClass queryClass, Weights weights) {
  /** Copies the list and checks that it matches the hits. */
  public ExplainedResults {
    Objects.requireNonNull(queryClass, "queryClass");
    Objects.requireNonNull(weights, "weights");
    explanations = List.copyOf(explanations);
    if (explanations.size() != results.hits().size()) {
      throw new IllegalArgumentException(explanations.size() + " explanations for "
          + results.hits().size() + " hits");
    }
  }
}
