package dev.relearn.server.mcp;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.ShownList;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.server.text.Arguments;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code search}, the explicit search within the context's path prefix, and {@code search_all},
 * the escape valve: a wider hybrid search of the whole catalogue, whose chunks used afterwards
 * count as discovery. Both remember in the context what they showed.
 */
final class SearchTool extends RelearnTool {
  /** The explicit search's name. */
  static final String SEARCH = "search";
  /** The wider search's name. */
  static final String SEARCH_ALL = "search_all";
  /** The most hits {@code search} returns. */
  static final int MAX_K = 100;
  /** The most hits {@code search_all} returns. */
  static final int MAX_WIDE_K = 500;
  /** Default hits of {@code search_all}. */
  static final int WIDE_K = 50;
  /** Candidates per retriever of {@code search_all}. */
  static final int WIDE_CANDIDATES = 500;

  private final Relearn relearn;
  private final Contexts contexts;
  private final boolean wide;

  private SearchTool(Relearn relearn, Contexts contexts, boolean wide) {
    super(wide ? wideTool() : searchTool());
    this.relearn = relearn;
    this.contexts = contexts;
    this.wide = wide;
  }

  /** The {@code search} tool. */
  static SearchTool search(Relearn relearn, Contexts contexts) {
    return new SearchTool(relearn, contexts, false);
  }

  /** The {@code search_all} tool. */
  static SearchTool searchAll(Relearn relearn, Contexts contexts) {
    return new SearchTool(relearn, contexts, true);
  }

  private static McpSchema.Tool searchTool() {
    Map<String, Object> input = Schemas.props(
        "query", Schemas.text("What to look for, in words or code identifiers; plain text, no"
            + " query syntax.", 1, SearchRequest.MAX_QUERY_CHARS),
        "k", Schemas.integer("Hits to return.", SearchRequest.DEFAULT_K, 1, MAX_K),
        "mode", Schemas.oneOf("Retrieval mode; auto is learned once the index has feedback,"
            + " else hybrid.", List.of("auto", "bm25", "vector", "hybrid", "learned"), "auto"),
        "path_prefix", Schemas.text("Only chunks whose path starts so; paths begin"
            + " with the indexed folder's name, e.g. docs/guide.md (default: the context's"
            + " prefix, from set_context; \"\" for the whole index).",
            SearchRequest.MAX_PATH_PREFIX_CHARS),
        "context", SessionContext.schema("Context to attribute the search to (default: the"
            + " last set_context)."));
    return declare(SEARCH, "Search the index", "Search the indexed documents and code (hybrid"
        + " BM25 + vectors, re-ranked by what past feedback taught). Returns the best chunks with"
        + " ids, paths, lines, heading paths and snippets. After using some, call record_feedback"
        + " with their chunk ids. If none fits, try search_all.", input, List.of("query"),
        HitResults.schema(), true, true);
  }

  private static McpSchema.Tool wideTool() {
    Map<String, Object> input = Schemas.props(
        "query", Schemas.text("What to look for, in words or code identifiers.", 1,
            SearchRequest.MAX_QUERY_CHARS),
        "k", Schemas.integer("Hits to return.", WIDE_K, 1, MAX_WIDE_K),
        "context", SessionContext.schema("Context to attribute the search to (default: the"
            + " last set_context)."));
    return declare(SEARCH_ALL, "Search the whole catalogue", "The escape valve, for when"
        + " search's list missed what you need: a wider hybrid search over the whole catalogue"
        + " (no path prefix, 50 hits from a larger candidate window, no learned re-ranking)."
        + " Chunks you then use and report with record_feedback count as discoveries.", input,
        List.of("query"), HitResults.schema(), true, true);
  }

  @Override
  CallToolResult call(Arguments args) throws IOException {
    String query = args.required("query", SearchRequest.MAX_QUERY_CHARS);
    SessionContext context = contexts.get(args.text(SessionContext.MAX_ID_CHARS,
        "context"));
    SearchRequest request;
    String prefix = null;
    if (wide) {
      request = SearchRequest.of(query).withMode(SearchMode.HYBRID)
          .withK(args.integer("k", WIDE_K, 1, MAX_WIDE_K))
          .withCandidates(WIDE_CANDIDATES);
    } else {
      // an explicit "" searches the whole index, whatever the context's prefix
      prefix = args.blankable("path_prefix", SearchRequest.MAX_PATH_PREFIX_CHARS);
      if (prefix == null && !args.has("path_prefix")) {
        prefix = context.pathPrefix();
      }
      request = SearchRequest.of(query).withMode(mode(args.label("mode")))
          .withK(args.integer("k", SearchRequest.DEFAULT_K, 1, MAX_K))
          .withFilter(prefix, null);
    }
    long start = System.nanoTime();
    SearchResults results = relearn.search(request);
    double millis = (System.nanoTime() - start) / 1e6;
    String mode = request.mode().label();
    HitResults.Page page = HitResults.fit(tool().name(), context.id(), mode, prefix, millis,
        results.hits());
    context.remember(wide ? ShownList.Kind.WIDER : ShownList.Kind.SEARCH, query, page.shown(),
        contexts.nextSequence()); // what the result shows, after any trimming
    return page.result();
  }

  /** The mode a label asks for; {@code auto} (or none) is learned once there is feedback. */
  SearchMode mode(String label) throws IOException {
    SearchMode chosen = SearchMode.fromLabelOrAuto(label);
    return chosen != null ? chosen : relearn.defaultMode();
  }
}
