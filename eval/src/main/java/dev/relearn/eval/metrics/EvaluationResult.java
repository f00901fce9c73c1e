package dev.relearn.eval.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The outcome of {@link Evaluator#evaluate}: every metric per counted query, and its mean over the
 * counted queries. See {@link Evaluator} for which queries count. Immutable.
 */
public final class EvaluationResult {
  private final List<Metric> metrics;
  private final List<String> queryIds;
  private final Set<String> excludedQueryIds;
  private final Set<String> unretrievedQueryIds;
  private final Map<Metric, Map<String, Double>> perQuery;
  private final Map<Metric, Double> means;

  EvaluationResult(List<Metric> metrics, List<String> queryIds, Set<String> excludedQueryIds,
      Set<String> unretrievedQueryIds, Map<Metric, Map<String, Double>> perQuery) {
    this.metrics = List.copyOf(metrics);
    this.queryIds = List.copyOf(queryIds);
    this.excludedQueryIds = Collections.unmodifiableSet(excludedQueryIds);
    this.unretrievedQueryIds = Collections.unmodifiableSet(unretrievedQueryIds);
    Map<Metric, Map<String, Double>> values = new LinkedHashMap<>();
    Map<Metric, Double> averages = new LinkedHashMap<>();
    perQuery.forEach((metric, byQuery) -> {
      values.put(metric, Collections.unmodifiableMap(new LinkedHashMap<>(byQuery)));
      averages.put(metric, average(byQuery));
    });
    this.perQuery = Collections.unmodifiableMap(values);
    this.means = Collections.unmodifiableMap(averages);
  }

  /** The metrics, in report order. */
  public List<Metric> metrics() {
    return metrics;
  }

  /** The counted queries (in the set and judged in the qrels), in the set's order. */
  public List<String> queryIds() {
    return queryIds;
  }

  /** How many queries every mean is over. */
  public int queryCount() {
    return queryIds.size();
  }

  /** Queries of the evaluated set left out because the qrels hold no judgment for them. */
  public Set<String> excludedQueryIds() {
    return excludedQueryIds;
  }

  /** Counted queries for which the run retrieved nothing; they score 0 everywhere. */
  public Set<String> unretrievedQueryIds() {
    return unretrievedQueryIds;
  }

  /**
   * The mean of {@code metric} over the counted queries; NaN when no query counted.
   *
   * @throws IllegalArgumentException when the metric was not evaluated
   */
  public double mean(Metric metric) {
    Double mean = means.get(metric);
    if (mean == null) {
      throw notEvaluated(metric);
    }
    return mean;
  }

  /** The mean of the metric named {@code metricName}, e.g. {@code "ndcg@10"}. */
  public double mean(String metricName) {
    return mean(Metric.parse(metricName));
  }

  /** Every metric's mean, in report order. */
  public Map<Metric, Double> means() {
    return means;
  }

  /** The per-query values of {@code metric}, in query order. */
  public Map<String, Double> perQuery(Metric metric) {
    Map<String, Double> values = perQuery.get(metric);
    if (values == null) {
      throw notEvaluated(metric);
    }
    return values;
  }

  /**
   * The value of {@code metric} for one counted query.
   *
   * @throws IllegalArgumentException when the query was not counted or the metric not evaluated
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
    means.forEach((metric, mean) ->
        out.append(String.format(Locale.ROOT, "%-12s %.4f%n", metric.name(), mean)));
    out.append(String.format(Locale.ROOT, "%d queries (%d excluded: no judgments; %d retrieved"
        + " nothing)%n", queryIds.size(), excludedQueryIds.size(), unretrievedQueryIds.size()));
    return out.toString();
  }

  @Override
  public String toString() {
    return "EvaluationResult" + means + " over " + queryIds.size() + " queries";
  }

  private IllegalArgumentException notEvaluated(Metric metric) {
    return new IllegalArgumentException("metric " + metric + " was not evaluated; evaluated: "
        + metrics);
  }

  private static double average(Map<String, Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double sum = 0;
    for (double value : values.values()) {
      sum += value;
    }
    return sum / values.size();
  }
}
