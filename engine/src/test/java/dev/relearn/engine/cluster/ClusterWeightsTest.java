package dev.relearn.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.engine.weights.Weights;
import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Ratings kept on a cluster: a stand-in document store that refuses a write whose sequence
 * number is stale, as OpenSearch does, and two clients rating the same class in turn.
 */
class ClusterWeightsTest {
  private static final double[] CREDIT = {0.2, 0.8, 0.5};

  private final HttpServer server;
  private volatile JsonNode stored; // the weights document's source, or null
  private long seqNo = -1;
  private volatile int writesByOthers; // writes another client makes just before this one's next PUT

  ClusterWeightsTest() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/notes-learned/_doc/" + ClusterWeights.ID, this::answer);
    server.createContext("/notes-learned", exchange -> { // HEAD: the learned index exists
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private synchronized void answer(HttpExchange exchange) throws IOException {
    String query = exchange.getRequestURI().getQuery();
    byte[] body = exchange.getRequestBody().readAllBytes();
    switch (exchange.getRequestMethod()) {
      case "GET" -> {
        if (stored == null) {
          respond(exchange, 404, "{\"found\":false}");
          return;
        }
        ObjectNode answer = ClusterHttp.JSON.createObjectNode().put("found", true)
            .put("_seq_no", seqNo).put("_primary_term", 1);
        respond(exchange, 200, answer.set("_source", stored).toString());
      }
      case "PUT" -> {
        if (writesByOthers > 0) {
          writesByOthers--;
          seqNo++;
        }
        boolean fresh = stored == null ? "op_type=create".equals(query)
            : ("if_seq_no=" + seqNo + "&if_primary_term=1").equals(query);
        if (!fresh) {
          respond(exchange, 409, "{\"error\":\"version_conflict_engine_exception\"}");
          return;
        }
        stored = ClusterHttp.JSON.readTree(new String(body, StandardCharsets.UTF_8));
        respond(exchange, 201, "{\"_seq_no\":" + ++seqNo + "}");
      }
      case "DELETE" -> {
        boolean found = stored != null;
        stored = null; // before answering: the client reads it as soon as the answer arrives
        respond(exchange, found ? 200 : 404, "{}");
      }
      default -> respond(exchange, 405, "{}");
    }
  }

  private static void respond(HttpExchange exchange, int status, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private ClusterWeights client() {
    return new ClusterWeights(new ClusterHttp(URI.create("http://127.0.0.1:"
        + server.getAddress().getPort())), "notes", AdaptiveWeightsConfig.DEFAULTS);
  }

  @Test
  void twoClientsRatingInTurnKeepEveryRatingAndTheSearchesReadTheClassWeights()
      throws IOException {
    ClusterWeights one = client();
    ClusterWeights two = client();
    AdaptiveWeights alone = new AdaptiveWeights(); // the same ratings in one process
    for (int i = 0; i < 6; i++) {
      writesByOthers = i % 2; // every other rating finds the document changed under it
      (i % 2 == 0 ? one : two).record(QueryClass.KEYWORDS, 1, CREDIT, 1_000L * i, "r" + i);
      alone.record(QueryClass.KEYWORDS, 1, CREDIT, 1_000L * i, "r" + i);
    }
    Weights rated = alone.weights(QueryClass.KEYWORDS);
    assertNotEquals(AdaptiveWeightsConfig.DEFAULTS.initial(), rated, "six ratings moved them");
    JsonNode keywords = stored.path("weights").path("classes").path("keywords");
    assertEquals(rated.bm25(), keywords.path("bm25").asDouble(), 0);
    assertEquals(rated.vector(), keywords.path("vector").asDouble(), 0);
    assertEquals(rated.learned(), keywords.path("learned").asDouble(), 0);
    assertEquals(rated.learned() / AdaptiveWeightsConfig.DEFAULTS.initial().learned(),
        keywords.path("rating_scale").asDouble(), 1e-12);
    assertEquals(6, stored.path("weights").path("state").path("appliedRatings").size());

    assertNull(two.record(QueryClass.KEYWORDS, 1, CREDIT, 9_000L, "r3"), "once per rating id");
    one.reset(null);
    assertNull(stored, "forgotten");
  }
}
