package dev.relearn.eval.experiment;

import dev.relearn.eval.stats.PairedComparison;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.relearn.eval.metrics.JsonMaps;
import dev.relearn.eval.metrics.Plural;
import dev.relearn.lucene.schema.Require;
import java.util.Formatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.Map;
import java.util.Objects;

/**
 * What a learning experiment measured: dataset, scenario, the split the sessions drew from and the
 * one evaluated, sessions run, feedback events (sessions with a click), seed, the user described,
 * hybrid without feedback and the learned mode after it on the evaluated queries, their paired
 * comparison on nDCG@10, the curve, scenario details (attack harm, repeated split, noise on seen
 * queries) and wall time.
 */
public record LearningResult(String dataset, Scenario scenario, String trainSplit,
    String testSplit, int sessions, int events, long seed, String user, QueryScores baseline,
    QueryScores learned, PairedComparison comparison, List<CurvePoint> curve,
    Map<String, Object> details, double seconds) {
  public LearningResult {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(learned, "learned");
    Objects.requireNonNull(comparison, "comparison");
    curve = List.copyOf(curve);
    details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  /**
   * One point of a learning curve: sessions so far, the learned mode's mean test nDCG@10 then, and
   * the trust's strength it used (nats per preference; null under the prior).
   */
  public record CurvePoint(int sessions, @JsonProperty("ndcg@10") double ndcg10, Double trust) {
    public CurvePoint {
      Require.nonNegative("sessions", sessions);
    }

    /** {@code {"sessions": n, "ndcg@10": x, "trust": w}}. */
    public Map<String, Object> toJson() {
      return JsonMaps.of(this);
    }
  }

  /** learned − baseline mean nDCG@10. */
  public double deltaNdcg() {
    return learned.ndcg() - baseline.ndcg();
  }

  /**
   * The JSON object {@code relearn eval learn --json} prints: the scores, curve, paired tests and
   * the scenario's details.
   */
  public Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("scenario", scenario.label());
    json.put("dataset", dataset);
    json.put("train_split", trainSplit);
    json.put("test_split", testSplit);
    json.put("seed", seed);
    json.put("user", user);
    json.put("sessions", sessions);
    json.put("events", events);
    json.put("baseline", baseline.toJson());
    json.put("learned", learned.toJson());
    json.put("delta_ndcg@10", deltaNdcg());
    json.put("p_randomisation", comparison.pRandomisation());
    json.put("p_ttest", comparison.pTTest());
    json.put("curve", curve.stream().map(CurvePoint::toJson).toList());
    json.putAll(details);
    json.put("seconds", seconds);
    return json;
  }

  /** A few lines for people. */
  public String summary() {
    Formatter out = new Formatter(Locale.ROOT);
    out.format("%s/%s %s: %d sessions, %d feedback events (%s)%n", dataset, testSplit,
        scenario.label(), sessions, events, user);
    out.format("  baseline (hybrid)  nDCG@10 %.4f  Recall@100 %.4f  (%s)%n",
        baseline.ndcg(), baseline.recall(), Plural.count(baseline.size(), "query", "queries"));
    out.format("  learned            nDCG@10 %.4f  Recall@100 %.4f  delta %+.4f  p %.4f"
        + " (randomisation), %.4f (t-test)%n", learned.ndcg(), learned.recall(), deltaNdcg(),
        comparison.pRandomisation(), comparison.pTTest());
    out.format("  curve:");
    curve.forEach(point -> out.format(" %d→%.4f", point.sessions(), point.ndcg10()));
    out.format("%n");
    details.forEach((key, value) -> out.format("  %s: %s%n", key, text(value)));
    return out.format("  %.1f s%n", seconds).toString();
  }

  /** A detail for people: fractions to four decimals, a map's entries as {@code key value}. */
  private static String text(Object value) {
    if (value instanceof Double number) {
      return String.format(Locale.ROOT, "%.4f", number);
    }
    if (value instanceof Map<?, ?> map) {
      StringJoiner entries = new StringJoiner(", ", "(", ")");
      map.forEach((key, entry) -> entries.add(key + " " + text(entry)));
      return entries.toString();
    }
    return String.valueOf(value);
  }
}
