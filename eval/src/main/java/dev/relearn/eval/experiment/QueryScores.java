package dev.relearn.eval.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * nDCG@10 and Recall@100 of one system per evaluated query (in the repeated scenario, each
 * held-out query once), and their means.
 *
 * @param ndcg10 query id → nDCG@10
 * @param recall100 query id → Recall@100, the same queries
 */
public record QueryScores(Map<String, Double> ndcg10, Map<String, Double> recall100) {
  public QueryScores {
    ndcg10 = Collections.unmodifiableMap(new LinkedHashMap<>(ndcg10));
    recall100 = Collections.unmodifiableMap(new LinkedHashMap<>(recall100));
    if (!ndcg10.keySet().equals(recall100.keySet())) {
      throw new IllegalArgumentException("nDCG and recall must cover the same queries, got "
          + ndcg10.size() + " and " + recall100.size());
    }
  }

  /** Mean nDCG@10; NaN without queries. */
  public double ndcg() {
    return mean(ndcg10);
  }

  /** Mean Recall@100; NaN without queries. */
  public double recall() {
    return mean(recall100);
  }

  /** The number of evaluated queries. */
  public int size() {
    return ndcg10.size();
  }

  /** {@code {"ndcg@10": ..., "recall@100": ..., "queries": n}}. */
  public Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("ndcg@10", ndcg());
    json.put("recall@100", recall());
    json.put("queries", size());
    return json;
  }

  private static double mean(Map<String, Double> values) {
    double sum = 0;
    for (double value : values.values()) {
      sum += value;
    }
    return values.isEmpty() ? Double.NaN : sum / values.size();
  }
}
