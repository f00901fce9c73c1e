package dev.relearn.eval.metrics;

import java.util.Collection;
import java.util.Map;

/** Runs and judgments from maps, for tests. */
public final class MetricsFixtures {
  private MetricsFixtures() {}

  /** Judgments from query id → (doc id → grade), in the maps' order. */
  public static Qrels qrels(Map<String, ? extends Map<String, Integer>> judgments) {
    Qrels.Builder builder = Qrels.builder();
    judgments.forEach((query, docs) -> docs.forEach((doc, grade) -> builder.add(query, doc, grade)));
    return builder.build();
  }

  /** A run from each query's hits, in any order; every query is recorded, hits or not. */
  public static Run run(Map<String, ? extends Collection<ScoredDoc>> hits) {
    Run.Builder builder = Run.builder();
    hits.forEach((query, docs) -> {
      builder.addQuery(query);
      docs.forEach(doc -> builder.add(query, doc.docId(), doc.score()));
    });
    return builder.build();
  }
}
