package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.weights.Weights;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.fusion.QueryClassifier;
import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.lucene.search.Explanation;

/**
 * Searches a chunk index on a cluster that runs relearn's plugin: the query is embedded, analysed
 * ({@link ChunkSchema#queryTerms}) and classified here, and only the vector, sorted terms and
 * class are sent, never its text. Thread-safe.
 */
public final class ClusterSearchClient {
  /** The most hits and candidates per retriever the plugin takes (its search request's). */
  public static final int MAX_K = 1_000;

  private final ClusterHttp http;
  private final String path;
  private final Embedder embedder;
  private final ChunkSchema schema;

  /** Searches {@code index} through {@code http}, embedding with the index's model. */
  public ClusterSearchClient(ClusterHttp http, String index, Embedder embedder) {
    this.http = Objects.requireNonNull(http, "http");
    this.path = "/" + ClusterIndexDefinition.requireName(index) + "/_relearn/search";
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.schema = new ChunkSchema(embedder.dimension());
  }

  /**
   * A search in the request's mode, k, candidates and filter (with the cluster's fusion, the
   * default), each hit's score explained, and its signals' contributions and the class's rated
   * weights given, when {@code explain}.
   *
   * @throws IOException when the cluster cannot be reached or refuses the search (the message
   *     gives its status and answer, never the query)
   * @throws IllegalArgumentException when k or candidates exceed the plugin's {@value #MAX_K},
   *     or the cluster has no such index
   */
  public ClusterResults search(SearchRequest request, boolean explain) throws IOException {
    if (Math.max(request.k(), request.candidates()) > MAX_K) {
      throw new IllegalArgumentException("a cluster returns and re-ranks at most " + MAX_K
          + " hits and candidates, not " + Math.max(request.k(), request.candidates()));
    }
    JsonNode answer;
    try {
      answer = http.send("POST", path, body(request, explain));
    } catch (IOException e) {
      if (e.getMessage() != null && e.getMessage().contains("\"index_not_found_exception\"")) {
        String address = http.base() + path.substring(0, path.indexOf("/_relearn"));
        throw new IllegalArgumentException("no chunk index " + address + "; create one with:"
            + " relearn index --cluster " + address + " PATH", e);
      }
      throw e;
    }
    List<ClusterHit> hits = new ArrayList<>();
    for (JsonNode hit : answer.path("hits")) {
      hits.add(new ClusterHit(hit.path("id").asText(), hit.path("score").asDouble(),
          stage(hit.get("bm25")), stage(hit.get("vector")), explanation(hit.get("explanation")),
          hit.has("contributions") ? ClusterHttp.JSON.treeToValue(hit.get("contributions"),
              double[].class) : null, learned(hit.get("learned"))));
    }
    JsonNode rated = answer.get("weights");
    return new ClusterResults(hits, answer.path("lexical_count").asInt(),
        answer.path("semantic_count").asInt(), rated == null ? null : new Weights(
            rated.path("bm25").asDouble(), rated.path("vector").asDouble(),
            rated.path("learned").asDouble()));
  }

  /** The plugin's JSON of a hit's learned values; null for none. */
  private static LearnedValues learned(JsonNode node) {
    return node == null ? null : new LearnedValues(node.path("impressions").asDouble(),
        node.path("clicks").asDouble(), node.path("successes").asLong(),
        node.path("failures").asLong(), node.path("last_used_millis").asLong());
  }

  /** The plugin's JSON of an explanation ({@code value}, {@code description}, {@code details}). */
  private static Explanation explanation(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    List<Explanation> details = new ArrayList<>();
    node.path("details").forEach(detail -> details.add(explanation(detail)));
    return Explanation.match(node.path("value").asDouble(), node.path("description").asText(),
        details);
  }

  private static StageScore stage(JsonNode stage) {
    return stage == null ? null
        : new StageScore((float) stage.path("score").asDouble(), stage.path("rank").asInt());
  }

  /** The JSON body for a query: its vector, sorted analysed terms and class; never its text. */
  String body(SearchRequest request, boolean explain) throws IOException {
    String text = request.text();
    ObjectNode body = ClusterHttp.JSON.createObjectNode();
    float[] vector = embedder.embedQuery(text);
    var array = body.putArray("vector");
    for (float component : vector) {
      array.add(component);
    }
    ObjectNode terms = body.putObject("terms");
    for (Map.Entry<String, Map<String, Integer>> field : schema.queryTerms(text).entrySet()) {
      ObjectNode counts = terms.putObject(field.getKey());
      new TreeMap<>(field.getValue()).forEach(counts::put);
    }
    body.put("query_class", QueryClassifier.classify(text).label());
    body.put("mode", request.mode().label());
    body.put("k", request.k());
    body.put("candidates", request.candidates());
    if (request.pathPrefix() != null) {
      body.put("path_prefix", request.pathPrefix());
    }
    if (request.kind() != null) {
      body.put("kind", request.kind().label());
    }
    if (explain) {
      body.put("explain", true);
    }
    return ClusterHttp.JSON.writeValueAsString(body);
  }
}
