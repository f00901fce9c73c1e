package dev.relearn.server.mcp;

import dev.relearn.lucene.search.Hit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The result shape of {@code search} and {@code search_all}: a text summary and structure. */
final class HitResults {
  /** Snippet characters shown per hit in the text summary. */
  static final int TEXT_SNIPPET_CHARS = 160;

  private HitResults() {}

  /** The output schema both search tools declare. */
  static Map<String, Object> schema() {
    Map<String, Object> hit = Schemas.output(Schemas.props(
        "rank", Schemas.prop("integer", "1-based position"),
        "chunk_id", Schemas.prop("string", "Stable id: pass it to record_feedback once used"),
        "path", Schemas.prop("string", "Source file or record path"),
        "start_line", Schemas.prop("integer", "First line (0 for records)"),
        "end_line", Schemas.prop("integer", "Last line"),
        "heading_path", Schemas.array(Schemas.prop("string", null), "Markdown headings above"),
        "snippet", Schemas.prop("string", "Excerpt near the query's words"),
        "score", Schemas.prop("number", "Final score; higher is better")),
        List.of("rank", "chunk_id", "path", "start_line", "end_line", "heading_path", "snippet",
            "score"));
    return Schemas.output(Schemas.props(
        "context", Schemas.prop("string", "The context the search was attributed to"),
        "mode", Schemas.prop("string", "bm25, vector, hybrid or learned"),
        "path_prefix", Schemas.prop(List.of("string", "null"), "The path prefix the hits were"
            + " limited to (null: the whole index)"),
        "took_ms", Schemas.prop("number", "Search time in the server, milliseconds"),
        "hits", Schemas.array(hit, "Best first")),
        List.of("context", "mode", "path_prefix", "took_ms", "hits"));
  }

  /** The structured content; {@code prefix} is the path prefix applied, or null. */
  static Map<String, Object> structured(String context, String mode, String prefix,
      double millis, List<Hit> hits) {
    List<Map<String, Object>> list = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("rank", list.size() + 1);
      json.put("chunk_id", hit.chunkId());
      json.put("path", hit.path());
      json.put("start_line", hit.startLine());
      json.put("end_line", hit.endLine());
      json.put("heading_path", hit.headingPath());
      json.put("snippet", hit.snippet());
      json.put("score", hit.score());
      list.add(json);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("context", context);
    body.put("mode", mode);
    body.put("path_prefix", prefix);
    body.put("took_ms", millis);
    body.put("hits", list);
    return body;
  }

  /**
   * The text summary: one line per hit with its id, then a short snippet. A path prefix is named
   * (it may come from set_context, long before), with a hint when nothing matched under it.
   */
  static String text(String tool, String context, String mode, String prefix, List<Hit> hits) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%s: %d %s%s (%s, context %s).", tool, hits.size(),
        hits.size() == 1 ? "hit" : "hits", prefix == null ? "" : " under path prefix '" + prefix
            + "'", mode, context));
    if (!hits.isEmpty()) {
      out.append(" Pass the chunk ids you use to record_feedback.");
    } else if (prefix != null) {
      out.append(" Paths are relative and begin with the indexed folder's name (e.g."
          + " docs/guide.md); pass path_prefix \"\" to search the whole index.");
    }
    for (int i = 0; i < hits.size(); i++) {
      Hit hit = hits.get(i);
      String lines = hit.startLine() > 0 ? ":" + hit.startLine() + "-" + hit.endLine() : "";
      String headings = hit.headingPath().isEmpty() ? ""
          : "  [" + String.join(" > ", hit.headingPath()) + "]";
      out.append(String.format(Locale.ROOT, "\n%d. %s%s%s  id=%s  score=%.4f", i + 1, hit.path(),
          lines, headings, hit.chunkId(), hit.score()));
      String snippet = hit.snippet().replaceAll("\\s+", " ").strip();
      if (snippet.length() > TEXT_SNIPPET_CHARS) {
        snippet = snippet.substring(0, TEXT_SNIPPET_CHARS) + "...";
      }
      if (!snippet.isEmpty()) {
        out.append("\n   ").append(snippet);
      }
    }
    return out.toString();
  }
}
