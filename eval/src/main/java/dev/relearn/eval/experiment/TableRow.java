package dev.relearn.eval.experiment;

import dev.relearn.eval.stats.PairedComparison;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a dataset's table: a system's scores on the test queries and its paired comparison
 * with hybrid on nDCG@10.
 *
 * @param system the system's name, e.g. {@code bm25}
 * @param scores nDCG@10 and Recall@100 per test query
 * @param vsHybrid the paired tests against hybrid; null for hybrid itself
 */
public record TableRow(String system, QueryScores scores, PairedComparison vsHybrid) {
  public TableRow {
    Objects.requireNonNull(system, "system");
    Objects.requireNonNull(scores, "scores");
  }

  /** {@code {"system", "ndcg@10", "recall@100", "queries", "vs_hybrid"}}. */
  public Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("system", system);
    json.putAll(scores.toJson());
    if (vsHybrid != null) {
      json.put("vs_hybrid", vsHybrid.toJson());
    }
    return json;
  }
}
