package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.relearn.server.http.TestServer.Response;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 50 concurrent searches while feedback is written: every request succeeds, counts add up. */
class HttpConcurrencyTest {
  private static final int SEARCHES = 50;
  private static final int FEEDBACK = 20;
  private static final String[] QUERIES = {
    "rotate signing keys", "query cache size", "rolling restart of nodes", "request body limit",
    "how do I roll back a bad deploy?", "evictionPolicy"};

  @TempDir Path tmp;

  @Test
  void concurrentSearchesDuringFeedbackWritesAllSucceed() throws Exception {
    try (TestServer server = TestServer.start(tmp)) {
      List<String> ids = new ArrayList<>();
      for (JsonNode hit : server.post("/api/search", "{\"query\": \"keys cache deploy\", \"k\":"
          + " 8}").json().get("hits")) {
        ids.add(hit.get("chunk_id").asText());
      }
      ExecutorService clients = Executors.newFixedThreadPool(SEARCHES + FEEDBACK);
      CountDownLatch go = new CountDownLatch(1);
      long negatives = 0;
      try {
        List<Future<Response>> searches = new ArrayList<>();
        List<Future<Response>> writes = new ArrayList<>();
        for (int i = 0; i < SEARCHES + FEEDBACK; i++) {
          int n = i;
          Callable<Response> call;
          if (i % 7 == 2 || i % 7 == 5) { // 2 writes in every 7 requests: 20 of 70
            negatives += n % 3 == 0 ? 1 : 0;
            String body = "{\"query\": \"" + QUERIES[n % QUERIES.length] + "\", \"used\": [\""
                + ids.get(n % ids.size()) + "\"], \"rating\": \"" + (n % 3 == 0 ? "-1" : "+1")
                + "\", \"outcome\": \"success\", \"event_id\": \"w-" + n + "\"}";
            call = () -> {
              go.await();
              return server.post("/api/feedback", body);
            };
            writes.add(clients.submit(call));
          } else {
            String body = "{\"query\": \"" + QUERIES[n % QUERIES.length] + "\", \"k\": 5}";
            call = () -> {
              go.await();
              return server.post("/api/search", body);
            };
            searches.add(clients.submit(call));
          }
        }
        assertEquals(SEARCHES, searches.size());
        assertEquals(FEEDBACK, writes.size());
        go.countDown();
        for (Future<Response> search : searches) {
          Response response = search.get();
          assertEquals(200, response.status(), response.body());
          assertTrue(response.json().get("hits").size() > 0, response.body());
        }
        Set<String> eventIds = new HashSet<>();
        for (Future<Response> write : writes) {
          Response response = write.get();
          assertEquals(200, response.status(), response.body());
          eventIds.add(response.json().get("event_id").asText());
        }
        assertEquals(FEEDBACK, eventIds.size());
      } finally {
        clients.shutdownNow();
      }
      JsonNode stats = server.get("/api/feedback/stats").json();
      assertEquals(FEEDBACK, stats.get("store").get("events").asLong());
      assertEquals(FEEDBACK, stats.get("store").get("by_outcome").get("success").asLong());
      assertEquals(FEEDBACK, stats.get("ratings").get("samples").asLong());
      assertEquals(negatives, stats.get("ratings").get("negatives").asLong());
      assertEquals(FEEDBACK - negatives, stats.get("ratings").get("positives").asLong());
      assertEquals(FEEDBACK, server.get("/api/feedback/recent?limit=500").json().get("events")
          .size());
    }
  }
}
