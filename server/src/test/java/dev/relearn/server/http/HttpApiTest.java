package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.relearn.engine.IndexStats;
import dev.relearn.engine.Relearn;
import dev.relearn.server.http.TestServer.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every endpoint through the JDK's HttpClient against a real server on a real index. */
class HttpApiTest {
  private static final String QUERY = "rotate signing keys";

  @TempDir Path tmp;
  private TestServer server;

  @BeforeEach
  void start() throws Exception {
    server = TestServer.start(tmp);
  }

  @AfterEach
  void stop() throws Exception {
    String log = server.log();
    server.close();
    assertFalse(log.contains(QUERY), "the server logged query text: " + log);
  }

  private JsonNode search(String body) throws Exception {
    Response response = server.post("/api/search", body);
    assertEquals(200, response.status(), response.body());
    return response.json();
  }

  private String topId() throws Exception {
    return search("{\"query\": \"" + QUERY + "\"}").get("hits").get(0).get("chunk_id").asText();
  }

  private JsonNode rate(String id, String rating) throws Exception {
    Response response = server.post("/api/feedback", "{\"query\": \"" + QUERY
        + "\", \"used\": [\"" + id + "\"], \"rating\": \"" + rating + "\"}");
    assertEquals(200, response.status(), response.body());
    return response.json();
  }

  @Test
  void healthNamesTheIndexAndWhetherItTakesWritesWithoutTheFullStatistics() throws Exception {
    Response health = server.get("/api/health");
    assertEquals(200, health.status());
    JsonNode body = health.json();
    assertEquals(List.of("status", "read_only", "writable", "index", "model", "dimension",
        "chunks", "uptime_ms"), fieldNames(body), "cheap figures only, no sizes or feedback");
    assertEquals("ok", body.get("status").asText());
    assertFalse(body.get("read_only").asBoolean());
    assertTrue(body.get("writable").asBoolean());
    IndexStats stats = server.relearn.stats();
    assertEquals(stats.chunks(), body.get("chunks").asInt());
    assertTrue(body.get("chunks").asInt() >= 8, health.body());
    assertEquals(stats.directory(), body.get("index").asText());
    assertEquals(stats.modelId(), body.get("model").asText());
    assertEquals(stats.dimension(), body.get("dimension").asInt());
  }

  private static List<String> fieldNames(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void searchReturnsHitsTheQueryClassAndTheMode() throws Exception {
    JsonNode body = search("{\"query\": \"" + QUERY + "\", \"k\": 3}");
    assertEquals(Relearn.queryClass(QUERY).label(), body.get("query_class").asText());
    assertEquals("hybrid", body.get("mode").asText(), "no feedback yet: hybrid");
    JsonNode hits = body.get("hits");
    assertEquals(3, hits.size());
    JsonNode top = hits.get(0);
    assertEquals("keys.md", Path.of(top.get("path").asText()).getFileName().toString());
    assertTrue(top.get("chunk_id").asText().contains("keys.md"), top.toString());
    assertTrue(Files.isRegularFile(Path.of(top.get("file").asText())), "the file it was cut from");
    assertTrue(top.get("start_line").asInt() > 0);
    assertTrue(top.get("end_line").asInt() >= top.get("start_line").asInt());
    assertEquals("Rotate signing keys", top.get("heading_path").get(1).asText());
    assertTrue(top.get("snippet").asText().toLowerCase().contains("rotate"), top.toString());
    assertTrue(top.get("score").asDouble() >= hits.get(1).get("score").asDouble());
    assertEquals("bm25", search("{\"query\": \"cache\", \"mode\": \"bm25\"}")
        .get("mode").asText());
  }

  @Test
  void feedbackAnswersWithTheLearningStatsAndSearchesTurnLearned() throws Exception {
    String id = topId();
    JsonNode ack = rate(id, "+1");
    assertFalse(ack.get("duplicate").asBoolean());
    assertEquals(Relearn.queryClass(QUERY).label(), ack.get("query_class").asText());
    assertEquals(1, ack.get("total_feedback").asLong());
    assertEquals(1, ack.get("samples").asLong(), "the thumbs-up counts for the class");
    assertEquals(1, ack.get("positives").asLong());
    JsonNode weights = ack.get("weights");
    assertEquals(1.0, weights.get("bm25").asDouble() + weights.get("vector").asDouble()
        + weights.get("learned").asDouble(), 1e-9);
    assertEquals("learned", search("{\"query\": \"cache size\"}").get("mode").asText(),
        "with feedback the default mode is learned");
    assertEquals("learned", search("{\"query\": \"cache size\", \"mode\": \"auto\"}")
        .get("mode").asText(), "auto, as the CLI and MCP take it");
    Response again = server.post("/api/feedback", "{\"query\": \"" + QUERY + "\", \"used\": [\""
        + id + "\"], \"outcome\": \"success\", \"eventId\": \"e-1\"}");
    Response duplicate = server.post("/api/feedback", "{\"query\": \"" + QUERY
        + "\", \"used\": [\"" + id + "\"], \"outcome\": \"success\", \"event_id\": \"e-1\"}");
    assertEquals(2, again.json().get("total_feedback").asLong());
    assertTrue(duplicate.json().get("duplicate").asBoolean());
    assertEquals(2, duplicate.json().get("total_feedback").asLong());
    // the ack's other counts may be a second old; the stats endpoint counts afresh
    JsonNode store = server.get("/api/feedback/stats").json().get("store");
    assertEquals(1.0, store.get("positive_rate").asDouble(), 1e-9);
  }

  @Test
  void feedbackAfterASearchRecordsWhatThatSearchShowed() throws Exception {
    JsonNode top = search("{\"query\": \"" + QUERY + "\", \"k\": 10}").get("hits");
    assertTrue(top.size() >= 2, top.toString());
    String second = top.get(1).get("chunk_id").asText();
    search("{\"query\": \"" + QUERY + "\", \"k\": 1}"); // the list the user saw: one hit
    Response ack = server.post("/api/feedback", "{\"query\": \"" + QUERY + "\", \"used\": [\""
        + second + "\"], \"outcome\": \"success\"}");
    assertEquals(200, ack.status(), ack.body());
    assertEquals("weak", ack.json().get("signal").asText(),
        "the used chunk was not in what the last search showed, though in the current top 10");
    Response other = server.post("/api/feedback", "{\"query\": \"cache size\", \"used\": [\""
        + second + "\"], \"outcome\": \"success\"}");
    assertEquals(200, other.status(), other.body()); // never searched: the current top 10
  }

  @Test
  void weightsMoveAfterWarmUpAndHistoryFeedsTheChart() throws Exception {
    // the second hit: ratings of a hit every signal ranked first teach the weights nothing
    String id = search("{\"query\": \"" + QUERY + "\"}").get("hits").get(1).get("chunk_id")
        .asText();
    String cls = Relearn.queryClass(QUERY).label();
    JsonNode before = server.get("/api/feedback/weights").json();
    assertEquals(4, before.get("classes").size());
    assertEquals(0, before.get("classes").get(cls).get("history").size());
    int minSamples = before.get("min_samples").asInt();
    for (int i = 0; i < minSamples + 2; i++) {
      rate(id, "+1");
    }
    JsonNode after = server.get("/api/feedback/weights").json().get("classes").get(cls);
    assertEquals(minSamples + 2, after.get("samples").asLong());
    assertTrue(after.get("history").size() >= 1, after.toString());
    JsonNode last = after.get("history").get(after.get("history").size() - 1);
    assertEquals(after.get("weights").get("learned").asDouble(),
        last.get("learned").asDouble(), 1e-12);
    assertTrue(last.get("millis").asLong() > 0);
    assertNotEquals(before.get("classes").get(cls).get("weights"), after.get("weights"));
  }

  @Test
  void weightsCarryTheTrustInTheVoteAndItsHistory() throws Exception {
    JsonNode prior = server.get("/api/feedback/weights").json().get("trust");
    assertFalse(prior.get("fitted").asBoolean(), prior.toString());
    assertTrue(prior.get("strength").isNull(), "the prior is shown as such, not as 0: " + prior);
    assertEquals(0, prior.get("events").asLong());
    assertEquals(0, prior.get("history").size());
    rate(topId(), "+1");
    server.relearn.forgetSession("nobody"); // every forget refits the trust: one history point
    JsonNode trust = server.get("/api/feedback/weights").json().get("trust");
    assertEquals(1, trust.get("events").asLong(), trust.toString());
    assertEquals(1, trust.get("history").size(), trust.toString());
    JsonNode point = trust.get("history").get(0);
    assertTrue(point.get("millis").asLong() > 0, point.toString());
    assertEquals(trust.get("queries").asInt(), point.get("queries").asInt());
    assertEquals(trust.get("gain").asDouble(), point.get("gain").asDouble(), 1e-12);
    assertTrue(point.get("strength").isNull(), "a refit without enough clicks keeps the prior: " + point);
    assertFalse(trust.get("fitted").asBoolean(), "one click is too few to fit: " + trust);
  }

  @Test
  void statsCountPerClassAndResetForgets() throws Exception {
    String id = topId();
    rate(id, "+1");
    rate(id, "-1");
    rate(id, "up");
    String cls = Relearn.queryClass(QUERY).label();
    JsonNode stats = server.get("/api/feedback/stats").json();
    JsonNode row = null;
    for (JsonNode candidate : stats.get("classes")) {
      if (candidate.get("query_class").asText().equals(cls)) {
        row = candidate;
      }
    }
    assertEquals(3, row.get("samples").asLong());
    assertEquals(2, row.get("positives").asLong());
    assertEquals(1, row.get("negatives").asLong());
    assertEquals(2.0 / 3, row.get("accuracy").asDouble(), 1e-9);
    assertEquals(2, stats.get("ratings").get("positives").asLong());
    assertEquals(3, stats.get("store").get("events").asLong());
    assertEquals(4, stats.get("classes").size());

    Response reset = server.post("/api/feedback/reset", "{\"query_class\": \"" + cls + "\"}");
    assertEquals(200, reset.status(), reset.body());
    assertEquals(cls, reset.json().get("reset").asText());
    JsonNode afterReset = server.get("/api/feedback/stats").json();
    assertEquals(0, afterReset.get("ratings").get("samples").asLong());
    assertEquals(3, afterReset.get("store").get("events").asLong(), "events are kept");
    assertEquals("all", server.post("/api/feedback/reset", "{}").json().get("reset").asText());
  }

  @Test
  void recentFeedbackShowsClassAndTimeButNeverTheQuery() throws Exception {
    rate(topId(), "-1");
    Response recent = server.get("/api/feedback/recent?limit=5");
    assertEquals(200, recent.status(), recent.body());
    JsonNode event = recent.json().get("events").get(0);
    assertEquals(Relearn.queryClass(QUERY).label(), event.get("query_class").asText());
    assertEquals("down", event.get("rating").asText());
    assertEquals(1, event.get("used").asInt());
    assertTrue(event.get("millis").asLong() > 0);
    assertFalse(recent.body().contains("rotate"), recent.body());
    assertFalse(server.get("/api/feedback/stats").body().contains("rotate"));
  }

  @Test
  void dashboardAndItsFilesAreServedFromTheProject() throws Exception {
    Response page = server.get("/");
    assertEquals(200, page.status());
    assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
    assertTrue(page.body().contains("/static/dashboard.js"), page.body());
    assertFalse(page.body().contains("https://"), "nothing is loaded from elsewhere");
    assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("")
        .contains("default-src 'self'"));
    for (String name : DashboardFiles.NAMES) {
      if (!name.equals("index.html")) {
        Response file = server.get("/static/" + name);
        assertEquals(200, file.status(), name);
        assertFalse(file.body().contains("https://"), name + " loads nothing from elsewhere");
      }
    }
    assertEquals(404, server.get("/static/../pom.xml").status());
    assertEquals(404, server.get("/static/index.html").status());
    assertEquals(404, server.get("/index.html").status());
  }
}
