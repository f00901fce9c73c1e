package dev.relearn.server.http;

import dev.relearn.engine.HitViews;
import dev.relearn.lucene.search.Hit;
import dev.relearn.lucene.weights.ClassStats;
import dev.relearn.lucene.weights.HistoryEntry;
import dev.relearn.lucene.weights.Weights;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON shapes of engine objects (snake_case keys, like the command line's {@code --json}). */
final class JsonViews {
  private JsonViews() {}

  static List<Map<String, Object>> hits(List<Hit> hits) {
    return HitViews.maps(hits);
  }

  static Map<String, Object> weights(Weights weights) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("bm25", weights.bm25());
    json.put("vector", weights.vector());
    json.put("learned", weights.learned());
    return json;
  }

  /** A class's counts and accuracy (null when it has no positive or negative rating). */
  static Map<String, Object> classCounts(ClassStats stats) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("query_class", stats.queryClass().label());
    json.put("samples", stats.samples());
    json.put("positives", stats.positives());
    json.put("negatives", stats.negatives());
    json.put("accuracy", finite(stats.accuracy()));
    json.put("last_millis", stats.lastMillis() == 0 ? null : stats.lastMillis());
    return json;
  }

  /** A class's counts, current weights, moving average and history (oldest first). */
  static Map<String, Object> classWeights(ClassStats stats) {
    Map<String, Object> json = classCounts(stats);
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

  /** NaN (no data) as JSON null. */
  static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }
}
