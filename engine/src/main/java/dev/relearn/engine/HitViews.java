package dev.relearn.engine;

import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.engine.search.Hit;
import dev.relearn.lucene.fusion.StageScore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one JSON shape of search hits (snake_case keys), for the CLI and the HTTP API. */
public final class HitViews {
  private HitViews() {}

  /** Each hit as an ordered map, ready for a JSON writer. */
  public static List<Map<String, Object>> maps(List<Hit> hits) {
    List<Map<String, Object>> out = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("chunk_id", hit.chunkId());
      json.put("path", hit.path());
      json.put("file", hit.file());
      json.put("kind", hit.kind().label());
      json.put("title", hit.title());
      json.put("heading_path", hit.headingPath());
      json.put("start_line", hit.startLine());
      json.put("end_line", hit.endLine());
      json.put("snippet", hit.snippet());
      json.put("score", hit.score());
      json.put("bm25", stage(hit.bm25()));
      json.put("vector", stage(hit.vector()));
      json.put("learned", learned(hit.learned()));
      out.add(json);
    }
    return out;
  }

  private static Map<String, Object> stage(StageScore score) {
    if (score == null) {
      return null;
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("score", score.score());
    json.put("rank", score.rank());
    return json;
  }

  private static Map<String, Object> learned(LearnedValues values) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("impressions", values.impressions());
    json.put("clicks", values.clicks());
    json.put("successes", values.successes());
    json.put("failures", values.failures());
    json.put("last_used_millis", values.lastUsedMillis());
    return json;
  }
}
