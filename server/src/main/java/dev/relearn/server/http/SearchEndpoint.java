package dev.relearn.server.http;

import com.sun.net.httpserver.HttpExchange;
import dev.relearn.engine.HitViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.server.text.Arguments;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code POST /api/search {query, k?, mode?, path_prefix?, kind?}}: the hits, the query's class
 * and the mode used. Without a mode it searches {@code learned} once the index has feedback, else
 * {@code hybrid}, as {@code relearn search} does.
 */
final class SearchEndpoint implements Endpoint {
  /** The most hits one request may ask for. */
  static final int MAX_K = 1_000;
  private static final Set<String> FIELDS =
      Set.of("query", "k", "mode", "path_prefix", "kind");

  private final Relearn relearn;

  SearchEndpoint(Relearn relearn) {
    this.relearn = relearn;
  }

  @Override
  public Object handle(HttpExchange exchange, Map<String, Object> json) throws IOException {
    Arguments fields = Arguments.of(json, FIELDS);
    String query = fields.required("query", SearchRequest.MAX_QUERY_CHARS);
    int k = fields.integer("k", SearchRequest.DEFAULT_K, 1, MAX_K);
    String modeLabel = fields.label("mode");
    String pathPrefix = fields.blankable("path_prefix", SearchRequest.MAX_PATH_PREFIX_CHARS);
    String kindLabel = fields.label("kind");
    SearchMode mode = modeLabel == null ? relearn.defaultMode() : SearchMode.fromLabel(modeLabel);
    SearchRequest request = SearchRequest.of(query).withK(k).withMode(mode)
        .withFilterLabel(pathPrefix, kindLabel);
    long start = System.nanoTime();
    SearchResults results = relearn.search(request);
    double millis = (System.nanoTime() - start) / 1e6;
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("query_class", Relearn.queryClass(query).label());
    body.put("mode", mode.label());
    body.put("took_ms", millis);
    body.put("hits", HitViews.maps(results.hits()));
    return body;
  }

}
