package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A stand-in for one index of an OpenSearch cluster with relearn's plugin, on loopback: it keeps
 * the documents written with {@code _bulk} and answers what the client asks (mappings, {@code
 * _search} by origin and for stats, {@code _mget}, the learned search, feedback, forget and the
 * rated weights' document). Its learned search returns every document, in the order written, at
 * scores 1, 1/2, 1/3... It records every request's method, path and body. As a JUnit extension ({@code
 * @RegisterExtension}), it stops after each test.
 */
public final class FakeCluster implements AutoCloseable, AfterEachCallback {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Every request as {@code METHOD /path?query}, in order. */
  public final List<String> requests = new CopyOnWriteArrayList<>();
  /** Every request's body, in order. */
  public final List<String> bodies = new CopyOnWriteArrayList<>();
  private final String index;
  private final HttpServer server;
  private final Map<String, JsonNode> docs = new TreeMap<>();
  private final Set<String> events = new HashSet<>();
  private JsonNode mappings;
  private JsonNode weights; // the rated weights' document, or null
  private long weightsSeqNo = -1;
  /** Whether feedback refuses {@code signal} and {@code quality}, as plugins before them did. */
  public volatile boolean refusesSignal;
  /** Shards of 3 that fail to answer a {@code _search}, as when a node without replicas is lost. */
  public volatile int failedShards;
  /** The trust document's {@code _source}, as the plugin writes it; null: never fit. */
  public volatile String trust;

  /** Starts a cluster holding no index yet, whose chunk index will be {@code index}. */
  public FakeCluster(String index) throws IOException {
    this.index = index;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::answer);
    server.start();
  }

  /** A started cluster for {@code index}, for a {@code @RegisterExtension} field. */
  public static FakeCluster started(String index) {
    try {
      return new FakeCluster(index);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a loopback HTTP server", e);
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    close();
  }

  /** The cluster's address with the index as its path. */
  public URI address() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/" + index);
  }

  private synchronized void answer(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String path = exchange.getRequestURI().getPath();
    String method = exchange.getRequestMethod();
    requests.add(method + " " + path + (exchange.getRequestURI().getQuery() == null ? ""
        : "?" + exchange.getRequestURI().getQuery()));
    bodies.add(body);
    ObjectNode out = JSON.createObjectNode();
    int status = 200;
    String root = "/" + index;
    if (path.equals(root) && method.equals("HEAD")) {
      status = mappings == null ? 404 : 200;
    } else if (path.equals(root) && method.equals("PUT")) {
      mappings = JSON.readTree(body).path("mappings");
      out.put("acknowledged", true);
    } else if (path.equals(root + "/_mapping")) {
      out.putObject(index).set("mappings", mappings);
    } else if (path.equals("/_bulk")) {
      bulk(body, out);
    } else if (path.equals(root + "/_search")) {
      search(JSON.readTree(body), out);
    } else if (path.equals(root + "/_mget")) {
      ArrayNode found = out.putArray("docs");
      for (JsonNode id : JSON.readTree(body).path("ids")) {
        JsonNode doc = docs.get(id.asText());
        ObjectNode item = found.addObject().put("_id", id.asText()).put("found", doc != null);
        if (doc != null && String.valueOf(exchange.getRequestURI().getQuery())
            .equals("_source_includes=vector")) {
          item.putObject("_source").set("vector", doc.path("vector"));
        } else if (doc != null) {
          item.set("_source", ((ObjectNode) doc.deepCopy()).without("vector"));
        }
      }
    } else if (path.equals(root + "/_relearn/search")) {
      JsonNode request = JSON.readTree(body);
      JsonNode rated = weights == null ? null : weights.path("weights").path("classes")
          .get(request.path("query_class").asText());
      if (rated != null && request.path("explain").asBoolean()) {
        out.set("weights", rated);
      }
      ArrayNode hits = out.put("lexical_count", docs.size())
          .put("semantic_count", docs.size()).putArray("hits");
      int rank = 0;
      for (String id : docs.keySet()) {
        rank++;
        ObjectNode hit = hits.addObject().put("id", id).put("score", 1.0 / rank);
        hit.putObject("bm25").put("score", 2.0 / rank).put("rank", rank);
        if (rank == 1 && !events.isEmpty()) { // the top chunk learned from the events
          hit.putObject("learned").put("impressions", events.size())
              .put("clicks", events.size()).put("successes", 1).put("last_used_millis", 7);
        }
        if (request.path("explain").asBoolean()) {
          ObjectNode explanation = hit.putObject("explanation").put("value", 1.0 / rank)
              .put("description", "learned score");
          explanation.putArray("details").addObject().put("value", 1.0 / rank)
              .put("description", "relevance (bm25 + vector)").putArray("details");
          hit.putArray("contributions").add(1.0 / rank).add(1.0 / (rank + 1)).add(0.5);
        }
      }
    } else if (path.equals("/_relearn/feedback") && refusesSignal && body.contains("\"signal\"")) {
      status = 400;
      out.put("error", "unknown field [signal]");
    } else if (path.equals("/_relearn/feedback")) {
      String id = JSON.readTree(body).path("event_id").asText();
      out.put("event_id", id).put("result", events.add(id) ? "recorded" : "duplicate");
    } else if (path.equals("/.relearn-feedback/_count")) {
      out.put("count", events.size()); // every event is of this index here
    } else if (path.equals("/_relearn/learn")) {
      out.put("events", events.size());
    } else if (path.equals("/_relearn/forget")) {
      out.put("events", events.size());
      events.clear();
    } else if (path.equals(root + "-learned/_doc/" + ClusterWeights.ID)) {
      status = weights(method, body, out);
    } else if (path.equals(root + "-learned") && method.equals("HEAD")) {
      status = weights != null || !events.isEmpty() ? 200 : 404; // the cluster learned events
    } else if (path.equals(root + "-learned/_doc/relearn.trust")) {
      status = trust == null ? 404 : 200;
      out.put("found", trust != null);
      if (trust != null) {
        out.set("_source", JSON.readTree(trust));
      }
    } else if (path.equals(root + "/_stats/store,segments")) {
      out.putObject("indices").putObject(index).putObject("primaries")
          .putObject("store").put("size_in_bytes", 1234L);
    } else {
      status = 400;
      out.put("error", "the fake cluster does not know " + method + " " + path);
    }
    byte[] answer = JSON.writeValueAsBytes(out);
    boolean head = method.equals("HEAD");
    exchange.sendResponseHeaders(status, head ? -1 : answer.length);
    try (OutputStream stream = exchange.getResponseBody()) {
      if (!head) {
        stream.write(answer);
      }
    }
  }

  /** The rated weights' document: read, written (no conflicts here) or deleted; the status. */
  private int weights(String method, String body, ObjectNode out) throws IOException {
    switch (method) {
      case "GET" -> {
        out.put("found", weights != null);
        if (weights != null) {
          out.put("_seq_no", weightsSeqNo).put("_primary_term", 1).set("_source", weights);
        }
        return weights == null ? 404 : 200;
      }
      case "PUT" -> {
        weights = JSON.readTree(body);
        out.put("_seq_no", ++weightsSeqNo);
        return 201;
      }
      default -> {
        boolean found = weights != null;
        weights = null;
        return found ? 200 : 404;
      }
    }
  }

  private void bulk(String body, ObjectNode out) throws IOException {
    String[] lines = body.split("\n");
    out.put("errors", false);
    ArrayNode items = out.putArray("items");
    for (int i = 0; i < lines.length; i++) {
      JsonNode action = JSON.readTree(lines[i]);
      String verb = action.fieldNames().next();
      String id = action.path(verb).path("_id").asText();
      if (verb.equals("index")) {
        docs.put(id, JSON.readTree(lines[++i]));
      } else {
        docs.remove(id);
      }
      items.addObject().putObject(verb).put("_id", id).put("status", 200);
    }
  }

  private void search(JsonNode request, ObjectNode out) {
    String origin = request.path("query").path("term").path("origin").asText(null);
    List<String> ids = new ArrayList<>();
    for (Map.Entry<String, JsonNode> doc : docs.entrySet()) {
      if (origin == null || doc.getValue().path("origin").asText().equals(origin)) {
        ids.add(doc.getKey());
      }
    }
    ObjectNode shards = out.putObject("_shards").put("total", 3)
        .put("successful", 3 - failedShards).put("failed", failedShards);
    if (failedShards > 0) {
      shards.putArray("failures").addObject().put("shard", 2).putObject("reason")
          .put("type", "no_shard_available_action_exception");
    }
    ObjectNode hits = out.putObject("hits");
    hits.putObject("total").put("value", ids.size());
    ArrayNode list = hits.putArray("hits");
    if (origin != null && !request.has("search_after")) {
      for (String id : ids) {
        ObjectNode hit = list.addObject().put("_id", id);
        hit.putObject("_source").set("chunk", docs.get(id).path("chunk"));
        hit.putArray("sort").add(id);
      }
    }
    ObjectNode aggregations = out.putObject("aggregations");
    for (String field : new String[] {"kind", "origin"}) {
      Map<String, Integer> counts = new TreeMap<>();
      ids.forEach(id -> counts.merge(docs.get(id).path(field).asText(), 1, Integer::sum));
      ArrayNode buckets = aggregations.putObject(field + "s").putArray("buckets");
      counts.forEach((key, count) -> buckets.addObject().put("key", key).put("doc_count", count));
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
