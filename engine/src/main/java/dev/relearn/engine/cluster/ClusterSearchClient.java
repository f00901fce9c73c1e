package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.fusion.QueryClassifier;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Searches a chunk index on an OpenSearch cluster that runs relearn's plugin ({@code POST
 * /{index}/_relearn/search}). The query's text stays here: it is embedded, analysed into BM25
 * terms ({@link ChunkSchema#queryTerms}) and classified ({@link QueryClassifier}) on this side,
 * and only the vector, the terms and the class are sent. Thread-safe.
 */
public final class ClusterSearchClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final URI searchUri;
  private final Embedder embedder;
  private final ChunkSchema schema;
  private final HttpClient http;

  /**
   * @param cluster the cluster's HTTP address, e.g. {@code http://localhost:9200}
   * @param index the chunk index
   * @param embedder the model the index's vectors were made with
   */
  public ClusterSearchClient(URI cluster, String index, Embedder embedder) {
    Objects.requireNonNull(cluster, "cluster");
    if (index == null || index.isEmpty() || index.contains("/")) {
      throw new IllegalArgumentException("index must be a non-empty name without '/', not "
          + index);
    }
    this.searchUri = cluster.resolve("/" + index + "/_relearn/search");
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.schema = new ChunkSchema(embedder.dimension());
    this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  }

  /**
   * A learned search.
   *
   * @param k hits wanted
   * @param candidates candidates per retriever
   * @return the hits, best first
   * @throws IOException when the cluster cannot be reached or refuses the search (the message
   *     gives its status and answer, never the query)
   */
  public List<ClusterHit> search(String text, int k, int candidates)
      throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(searchUri).timeout(TIMEOUT)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body(text, k, candidates),
            StandardCharsets.UTF_8))
        .build();
    HttpResponse<String> response = http.send(request,
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    if (response.statusCode() != 200) {
      throw new IOException("the cluster answered " + response.statusCode() + " to a search of "
          + searchUri + ": " + response.body());
    }
    List<ClusterHit> hits = new ArrayList<>();
    for (JsonNode hit : JSON.readTree(response.body()).path("hits")) {
      hits.add(new ClusterHit(hit.path("id").asText(), hit.path("score").asDouble()));
    }
    return hits;
  }

  /**
   * The JSON body for a query: its vector, analysed terms (sorted, so that not even the words'
   * order is sent) and class; never its text.
   */
  String body(String text, int k, int candidates) throws IOException {
    ObjectNode body = JSON.createObjectNode();
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
    body.put("k", k);
    body.put("candidates", candidates);
    return JSON.writeValueAsString(body);
  }
}
