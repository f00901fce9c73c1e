package dev.relearn.engine;

import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.engine.weights.ClassStats;
import dev.relearn.engine.weights.HistoryEntry;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.Weights;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON shapes of the adaptive weights ({@link Relearn#weights()}), snake_case keys, shared by
 * {@code relearn weights --json}, the HTTP API's {@code /api/feedback/*} and MCP's {@code
 * record_feedback}. Accuracies without data are null, never NaN.
 */
public final class WeightsViews {
  private WeightsViews() {}

  /** The query class a label names, for {@link Relearn#resetWeights}; null for null (all). */
  public static QueryClass queryClass(String label) {
    return label == null ? null : QueryClass.fromLabel(label);
  }

  /** {@code bm25}, {@code vector} and {@code learned}. */
  public static Map<String, Object> weights(Weights weights) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("bm25", weights.bm25());
    json.put("vector", weights.vector());
    json.put("learned", weights.learned());
    return json;
  }

  /** A class's {@code query_class}, counts, {@code accuracy} and {@code last_millis}. */
  public static Map<String, Object> counts(ClassStats stats) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("query_class", stats.queryClass().label());
    json.put("samples", stats.samples());
    json.put("positives", stats.positives());
    json.put("negatives", stats.negatives());
    json.put("accuracy", finite(stats.accuracy()));
    json.put("last_millis", stats.lastMillis() == 0 ? null : stats.lastMillis());
    return json;
  }

  /** {@link #counts}, the current {@code weights}, their {@code ema} and {@code history}. */
  public static Map<String, Object> history(ClassStats stats) {
    Map<String, Object> json = counts(stats);
    json.put("weights", weights(stats.weights()));
    json.put("ema", weights(stats.ema()));
    List<Map<String, Object>> history = new ArrayList<>();
    for (HistoryEntry entry : stats.history()) {
      Map<String, Object> point = weights(entry.weights());
      point.put("millis", entry.millis());
      history.add(point);
    }
    json.put("history", history);
    return json;
  }

  /** Every class's {@link #history}, by label, with the {@code initial} weights and bounds. */
  public static Map<String, Object> all(Relearn relearn) {
    AdaptiveWeightsConfig config = relearn.weights().config();
    Map<String, Object> classes = new LinkedHashMap<>();
    relearn.weights().allStats().forEach((cls, stats) -> classes.put(cls.label(), history(stats)));
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("classes", classes);
    body.put("initial", weights(config.initial()));
    body.put("min_samples", config.minSamples());
    body.put("bounds", List.of(config.lower(), config.upper()));
    return body;
  }

  /** Every class's current weights, by label. */
  public static Map<String, Object> current(Relearn relearn) {
    Map<String, Object> json = new LinkedHashMap<>();
    relearn.weights().allStats().forEach((cls, stats) ->
        json.put(cls.label(), weights(stats.weights())));
    return json;
  }

  /** Every class's {@link #counts} as {@code classes}, and their totals as {@code ratings}. */
  public static Map<String, Object> ratings(Relearn relearn) {
    List<Map<String, Object>> classes = new ArrayList<>();
    long samples = 0;
    long positives = 0;
    long negatives = 0;
    for (ClassStats stats : relearn.weights().allStats().values()) {
      classes.add(counts(stats));
      samples += stats.samples();
      positives += stats.positives();
      negatives += stats.negatives();
    }
    Map<String, Object> ratings = new LinkedHashMap<>();
    ratings.put("samples", samples);
    ratings.put("positives", positives);
    ratings.put("negatives", negatives);
    ratings.put("accuracy", positives + negatives == 0 ? null
        : (double) positives / (positives + negatives));
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("classes", classes);
    body.put("ratings", ratings);
    return body;
  }

  /** For the class of each query (once, in order): its counts, weights and accuracy. */
  public static List<Map<String, Object>> flat(Relearn relearn, Collection<String> queries) {
    Set<QueryClass> classes = new LinkedHashSet<>();
    queries.forEach(query -> classes.add(Relearn.queryClass(query)));
    List<Map<String, Object>> out = new ArrayList<>();
    for (QueryClass queryClass : classes) {
      ClassStats stats = relearn.weights().stats(queryClass);
      Map<String, Object> json = counts(stats);
      json.remove("last_millis");
      Object accuracy = json.remove("accuracy");
      json.putAll(weights(stats.weights()));
      json.put("accuracy", accuracy);
      out.add(json);
    }
    return out;
  }

  /** The ratings and weights of the class of {@code query}: {@link #counts} and {@code weights}. */
  public static Map<String, Object> ofQuery(Relearn relearn, String query) {
    ClassStats stats = relearn.weights().stats(Relearn.queryClass(query));
    Map<String, Object> json = counts(stats);
    json.put("weights", weights(stats.weights()));
    return json;
  }

  /** Every class's weights, ratings, positives, negatives and changes, for people and scripts. */
  public static Map<String, Map<String, Object>> summary(AdaptiveWeights weights) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (ClassStats stats : weights.allStats().values()) {
      Map<String, Object> json = weights(stats.weights());
      json.put("ratings", stats.samples());
      json.put("positives", stats.positives());
      json.put("negatives", stats.negatives());
      json.put("changes", stats.history().size());
      out.put(stats.queryClass().label(), json);
    }
    return out;
  }

  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }
}
