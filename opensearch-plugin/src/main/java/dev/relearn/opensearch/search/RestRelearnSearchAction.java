package dev.relearn.opensearch.search;

import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.rest.BaseRestHandler;
import org.opensearch.rest.RestRequest;
import org.opensearch.rest.action.RestToXContentListener;
import org.opensearch.transport.client.node.NodeClient;

/**
 * {@code POST /{index}/_relearn/search} with a {@link RelearnSearchRequest} as JSON; answers
 * {@link RelearnSearchResponse} as JSON. {@code {index}} is one chunk index ({@link
 * ChunkIndexName}).
 */
public final class RestRelearnSearchAction extends BaseRestHandler {
  /** Default hits, as embedded. */
  static final int DEFAULT_K = 10;
  /** Default candidates per retriever, as embedded. */
  static final int DEFAULT_CANDIDATES = 100;

  @Override
  public String getName() {
    return "relearn_search";
  }

  @Override
  public List<Route> routes() {
    return List.of(new Route(RestRequest.Method.POST, "/{index}/_relearn/search"));
  }

  @Override
  protected RestChannelConsumer prepareRequest(RestRequest rest, NodeClient client)
      throws IOException {
    Map<String, Object> body;
    try (XContentParser parser = rest.contentParser()) {
      body = parser.map();
    }
    RelearnSearchRequest request = parse(rest.param("index"), body);
    return channel -> client.execute(RelearnSearchAction.INSTANCE, request,
        new RestToXContentListener<>(channel));
  }

  /** Reads the JSON body; a missing or malformed field is an {@link IllegalArgumentException}. */
  static RelearnSearchRequest parse(String index, Map<String, Object> body) {
    for (String key : body.keySet()) {
      if (!List.of("vector", "terms", "query_class", "mode", "k", "candidates", "explain",
          "path_prefix", "kind").contains(key)) {
        throw new IllegalArgumentException("unknown field [" + key + "]");
      }
    }
    return new RelearnSearchRequest(index, vector(body.get("vector")), terms(body.get("terms")),
        QueryClass.fromLabel(String.valueOf(body.getOrDefault("query_class",
            QueryClass.NATURAL_LANGUAGE.label()))),
        RankingMode.fromLabel(String.valueOf(body.getOrDefault("mode",
            RankingMode.LEARNED.label()))),
        integer(body, "k", DEFAULT_K), integer(body, "candidates", DEFAULT_CANDIDATES),
        bool(body, "explain"))
        .filter(text(body, "path_prefix"), text(body, "kind"));
  }

  private static float[] vector(Object value) {
    if (!(value instanceof List<?> list) || list.isEmpty()) {
      throw new IllegalArgumentException("[vector] must be a non-empty array of numbers");
    }
    float[] out = new float[list.size()];
    for (int i = 0; i < out.length; i++) {
      if (!(list.get(i) instanceof Number number)) {
        throw new IllegalArgumentException("[vector] component " + i + " is not a number");
      }
      out[i] = number.floatValue();
    }
    return out;
  }

  private static Map<String, Map<String, Integer>> terms(Object value) {
    Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
    if (value == null) {
      return out;
    }
    if (!(value instanceof Map<?, ?> fields)) {
      throw new IllegalArgumentException("[terms] must be an object of fields");
    }
    for (Map.Entry<?, ?> field : fields.entrySet()) {
      if (!(field.getValue() instanceof Map<?, ?> counts)) {
        throw new IllegalArgumentException("[terms." + field.getKey() + "] must map terms to counts");
      }
      Map<String, Integer> fieldTerms = new LinkedHashMap<>();
      for (Map.Entry<?, ?> term : counts.entrySet()) {
        if (!(term.getValue() instanceof Integer count)) {
          throw new IllegalArgumentException("[terms." + field.getKey() + "] counts must be integers");
        }
        fieldTerms.put(String.valueOf(term.getKey()), count);
      }
      out.put(String.valueOf(field.getKey()), fieldTerms);
    }
    return out;
  }

  private static String text(Map<String, Object> body, String key) {
    Object value = body.get(key);
    if (value != null && !(value instanceof String)) {
      throw new IllegalArgumentException("[" + key + "] must be a string, not " + value);
    }
    return (String) value;
  }

  private static boolean bool(Map<String, Object> body, String key) {
    Object value = body.get(key);
    if (value != null && !(value instanceof Boolean)) {
      throw new IllegalArgumentException("[" + key + "] must be true or false, not " + value);
    }
    return Boolean.TRUE.equals(value);
  }

  private static int integer(Map<String, Object> body, String key, int fallback) {
    Object value = body.get(key);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Integer number)) {
      throw new IllegalArgumentException("[" + key + "] must be an integer, not " + value);
    }
    return number;
  }
}
