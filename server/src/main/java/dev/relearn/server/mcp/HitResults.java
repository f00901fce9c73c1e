package dev.relearn.server.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/** The result shape of {@code search} and {@code search_all}: a text summary and structure. */
final class HitResults {
  /** Snippet characters shown per hit in the text summary. */
  static final int TEXT_SNIPPET_CHARS = 160;
  /** The shortest a snippet is cut to before hits are dropped to fit the result budget. */
  static final int MIN_SNIPPET_CHARS = 80;
  /** Characters shown of each heading above a hit. */
  static final int HEADING_CHARS = 160;

  private HitResults() {}

  /** The output schema both search tools declare. */
  static Map<String, Object> schema() {
    Map<String, Object> hit = Schemas.output(Schemas.props(
        "rank", Schemas.prop("integer", "1-based position"),
        "chunk_id", Schemas.prop("string", "Stable id: pass it to record_feedback once used"),
        "path", Schemas.prop("string", "Source file or record path"),
        "file", Schemas.prop("string", "Absolute path of the source file (absent for records)"),
        "start_line", Schemas.prop("integer", "First line (0 for records)"),
        "end_line", Schemas.prop("integer", "Last line"),
        "heading_path", Schemas.array(Schemas.prop("string", null), "Markdown headings above"),
        "snippet", Schemas.prop("string", "Excerpt near the query's words"),
        "score", Schemas.prop("number", "Final score; higher is better")), "file");
    return Schemas.output(Schemas.props(
        "context", Schemas.prop("string", "The context the search was attributed to"),
        "mode", Schemas.prop("string", "bm25, vector, hybrid or learned"),
        "path_prefix", Schemas.prop(List.of("string", "null"), "The path prefix the hits were"
            + " limited to (null: the whole index)"),
        "took_ms", Schemas.prop("number", "Search time in the server, milliseconds"),
        "hits", Schemas.array(hit, "Best first"),
        "trimmed", Schemas.prop("string", "Present when the result was cut to fit the result"
            + " budget: what was cut")), "trimmed");
  }

  /** A search's result and the hits it shows, which the context remembers as shown. */
  record Page(CallToolResult result, List<Hit> shown) {}

  /**
   * The result of a search that found {@code hits} under {@code prefix} (or null), within the
   * {@link ResultBudget}: snippets cut (to {@link #MIN_SNIPPET_CHARS} at the least), then hits
   * dropped, as needed, with a {@code trimmed} note.
   */
  static Page fit(String tool, String context, String mode, String prefix, double millis,
      List<Hit> hits) {
    int longest = hits.stream().mapToInt(hit -> SearchRequest.length(hit.snippet())).max()
        .orElse(0);
    Query query = new Query(tool, context, mode, prefix, millis, hits.size(), longest);
    Page full = query.page(hits, Integer.MAX_VALUE, null);
    if (ResultBudget.fits(full.result())) {
      return full;
    }
    int snippets = ResultBudget.largest(MIN_SNIPPET_CHARS, Math.max(MIN_SNIPPET_CHARS, longest),
        chars -> query.fits(hits, chars));
    if (snippets >= MIN_SNIPPET_CHARS) {
      return query.page(hits, snippets, query.note(hits.size(), snippets));
    }
    int count = ResultBudget.largest(0, hits.size(),
        n -> query.fits(hits.subList(0, n), MIN_SNIPPET_CHARS));
    List<Hit> shown = hits.subList(0, Math.max(count, 0));
    return query.page(shown, MIN_SNIPPET_CHARS, query.note(shown.size(), MIN_SNIPPET_CHARS));
  }

  /** What a search's result shows besides its hits. */
  private record Query(String tool, String context, String mode, String prefix, double millis,
      int found, int longestSnippet) {
    Page page(List<Hit> hits, int snippetChars, String trimmed) {
      return new Page(RelearnTool.ok(
          text(tool, context, mode, prefix, hits, snippetChars, trimmed),
          new Structured(context, mode, prefix, millis, HitJson.of(hits, snippetChars), trimmed)),
          hits);
    }

    boolean fits(List<Hit> hits, int snippetChars) {
      Page page = page(hits, snippetChars, note(hits.size(), snippetChars));
      return ResultBudget.fits(page.result());
    }

    /** What was cut: snippets longer than {@code snippetChars}, hits past {@code shown}. */
    String note(int shown, int snippetChars) {
      String snippets = snippetChars < longestSnippet
          ? "snippets cut to " + snippetChars + " chars" : "";
      String count = shown < found ? shown + " of " + found + " hits shown" : "";
      return ResultBudget.note(snippets.isEmpty() || count.isEmpty() ? snippets + count
          : snippets + ", " + count);
    }
  }

  /** The structured content; {@code pathPrefix} is the prefix applied, or null. */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record Structured(String context, String mode, String pathPrefix, double tookMs,
      List<HitJson> hits, @JsonInclude(JsonInclude.Include.NON_NULL) String trimmed) {}

  /** A hit of the structured content, its snippet cut. */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record HitJson(int rank, String chunkId, String path,
      @JsonInclude(JsonInclude.Include.NON_NULL) String file, int startLine, int endLine,
      List<String> headingPath, String snippet, double score) {
    static List<HitJson> of(List<Hit> hits, int snippetChars) {
      return IntStream.range(0, hits.size()).mapToObj(i -> {
        Hit hit = hits.get(i);
        return new HitJson(i + 1, hit.chunkId(), hit.path(), hit.file(), hit.startLine(),
            hit.endLine(), headings(hit), ResultBudget.cut(hit.snippet(), snippetChars),
            hit.score());
      }).toList();
    }
  }

  /**
   * The headings above {@code hit}, each cut to {@link #HEADING_CHARS}: a generated heading can
   * run to tens of thousands of characters, and one such hit filled the whole budget.
   */
  private static List<String> headings(Hit hit) {
    return hit.headingPath().stream().map(heading -> ResultBudget.cut(heading, HEADING_CHARS))
        .toList();
  }

  /**
   * The text summary: a line per hit with its id, then a short snippet; the prefix named. Paths,
   * headings and ids with a line break are quoted ({@link OneLine}).
   */
  private static String text(String tool, String context, String mode, String prefix,
      List<Hit> hits, int snippetChars, String trimmed) {
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
    if (trimmed != null) {
      out.append("\ntrimmed: ").append(trimmed);
    }
    for (int i = 0; i < hits.size(); i++) {
      Hit hit = hits.get(i);
      String lines = hit.startLine() > 0 ? ":" + hit.startLine() + "-" + hit.endLine() : "";
      String headings = hit.headingPath().isEmpty() ? ""
          : "  [" + String.join(" > ", headings(hit).stream().map(OneLine::quote).toList()) + "]";
      out.append(String.format(Locale.ROOT, "\n%d. %s%s%s  id=%s  score=%.4f", i + 1,
          OneLine.quote(hit.path()), lines, headings, OneLine.quote(hit.chunkId()), hit.score()));
      String snippet = ResultBudget.cut(hit.snippet().replaceAll("\\s+", " ").strip(),
          Math.min(TEXT_SNIPPET_CHARS, snippetChars));
      if (!snippet.isEmpty()) {
        out.append("\n   ").append(snippet);
      }
    }
    return out.toString();
  }
}
