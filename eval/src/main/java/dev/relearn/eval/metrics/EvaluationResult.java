package dev.relearn.eval.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The outcome of {@link Evaluator#evaluate} (which says which queries count): the metrics in report
 * order, the counted queries in the set's order, the queries left out for want of a judgment, the
 * counted ones the run retrieved nothing for (0 everywhere), and metric → query → value. Immutable.
 */
public record EvaluationResult(List<Metric> metrics, List<String> queryIds,
    Set<String> excludedQueryIds, Set<String> unretrievedQueryIds,
    Map<Metric, Map<String, Double>> values) {
  public EvaluationResult {
    metrics = List.copyOf(metrics);
    queryIds = List.copyOf(queryIds);
    excludedQueryIds = Collections.unmodifiableSet(new LinkedHashSet<>(excludedQueryIds));
    unretrievedQueryIds = Collections.unmodifiableSet(new LinkedHashSet<>(unretrievedQueryIds));
    Map<Metric, Map<String, Double>> copy = new LinkedHashMap<>();
    values.forEach((metric, byQuery) ->
        copy.put(metric, Collections.unmodifiableMap(new LinkedHashMap<>(byQuery))));
    values = Collections.unmodifiableMap(copy);
  }

  /** How many queries every mean is over. */
  public int queryCount() {
    return queryIds.size();
  }

  /**
   * The mean of {@code metric} over the counted queries (NaN without any); throws when it was not
   * evaluated.
   */
  public double mean(Metric metric) {
    Map<String, Double> byQuery = perQuery(metric);
    double sum = 0;
    for (double value : byQuery.values()) {
      sum += value;
    }
    return byQuery.isEmpty() ? Double.NaN : sum / byQuery.size();
  }

  /** The mean of the metric named {@code metricName}, e.g. {@code "ndcg@10"}. */
  public double mean(String metricName) {
    return mean(Metric.parse(metricName));
  }

  /** Every metric's mean, in report order. */
  public Map<Metric, Double> means() {
    Map<Metric, Double> means = new LinkedHashMap<>();
    metrics.forEach(metric -> means.put(metric, mean(metric)));
    return Collections.unmodifiableMap(means);
  }

  /** The per-query values of {@code metric}, in query order; throws when it was not evaluated. */
  public Map<String, Double> perQuery(Metric metric) {
    Map<String, Double> byQuery = values.get(metric);
    if (byQuery == null) {
      throw new IllegalArgumentException("metric " + metric + " was not evaluated; evaluated: "
          + metrics);
    }
    return byQuery;
  }

  /**
   * The value of {@code metric} for one counted query; throws when the query was not counted or the
   * metric not evaluated.
   */
  public double value(String queryId, Metric metric) {
    Double value = perQuery(metric).get(queryId);
    if (value == null) {
      throw new IllegalArgumentException("query '" + queryId + "' was not counted"
          + (excludedQueryIds.contains(queryId) ? " (it has no judgments)" : ""));
    }
    return value;
  }

  /** One line per metric, e.g. {@code ndcg@10 0.6789}, then the query count. */
  public String summary() {
    StringBuilder out = new StringBuilder();
    means().forEach((metric, mean) ->
        out.append(String.format(Locale.ROOT, "%-12s %.4f%n", metric.name(), mean)));
    out.append(String.format(Locale.ROOT, "%s (%d excluded: no judgments; %d retrieved"
        + " nothing)%n", Plural.count(queryIds.size(), "query", "queries"),
        excludedQueryIds.size(), unretrievedQueryIds.size()));
    return out.toString();
  }

  @Override
  public String toString() {
    return "EvaluationResult" + means() + " over " + queryIds.size() + " queries";
  }
}
