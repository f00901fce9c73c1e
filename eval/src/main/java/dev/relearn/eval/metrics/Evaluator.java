package dev.relearn.eval.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Scores a {@link Run} against {@link Qrels} on a fixed list of metrics, per query and on average.
 *
 * <p>Which queries count, as in trec_eval: those in the evaluated query set that have at least one
 * judgment in the qrels. A counted query whose judgments are all below grade 1 (none relevant)
 * scores 0 in every metric. A query of the set without any judgment is left out of every mean and
 * is reported in {@link EvaluationResult#excludedQueryIds()}. A counted query that the run lacks,
 * or for which it retrieved nothing, scores 0, as with {@code trec_eval -c}; those are reported in
 * {@link EvaluationResult#unretrievedQueryIds()}. Queries of the run or the qrels outside the set
 * are ignored. Each mean is the plain average over the counted queries.
 *
 * <p>The run is used as given: apply {@link Run#withoutSelfHits(int)} first where BEIR requires it.
 * Instances are immutable and thread-safe.
 */
public final class Evaluator {
  private final List<Metric> metrics;

  /**
   * An evaluator for {@code metrics}, in report order; throws when the list is empty or repeats
   * one.
   */
  public Evaluator(List<Metric> metrics) {
    Objects.requireNonNull(metrics, "metrics");
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException("metrics must not be empty");
    }
    Set<Metric> seen = new LinkedHashSet<>();
    for (Metric metric : metrics) {
      if (!seen.add(Objects.requireNonNull(metric, "metric"))) {
        throw new IllegalArgumentException("metric listed twice: " + metric);
      }
    }
    this.metrics = List.copyOf(metrics);
  }

  /** An evaluator for metrics given by name, e.g. {@code of("ndcg@10", "recall@100")}. */
  public static Evaluator of(String... metricNames) {
    return new Evaluator(Arrays.stream(metricNames).map(Metric::parse).toList());
  }

  /** The metrics, in report order. */
  public List<Metric> metrics() {
    return metrics;
  }

  /** Evaluates {@code run} on the query set {@code queryIds}, whose order the result keeps. */
  public EvaluationResult evaluate(Qrels qrels, Run run, Set<String> queryIds) {
    Objects.requireNonNull(qrels, "qrels");
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(queryIds, "queryIds");
    List<String> counted = new ArrayList<>();
    Set<String> excluded = new LinkedHashSet<>();
    Set<String> unretrieved = new LinkedHashSet<>();
    Map<Metric, Map<String, Double>> perQuery = new LinkedHashMap<>();
    for (Metric metric : metrics) {
      perQuery.put(metric, new LinkedHashMap<>());
    }
    for (String queryId : queryIds) {
      if (qrels.judgments(queryId).isEmpty()) {
        excluded.add(queryId);
        continue;
      }
      counted.add(queryId);
      List<ScoredDoc> ranking = run.ranking(queryId);
      if (ranking.isEmpty()) {
        unretrieved.add(queryId);
      }
      JudgedRanking judged = new JudgedRanking(ranking, qrels.judgments(queryId));
      for (Metric metric : metrics) {
        perQuery.get(metric).put(queryId, metric.score(judged));
      }
    }
    return new EvaluationResult(metrics, counted, excluded, unretrieved, perQuery);
  }
}
