package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.IndexInUseException;
import dev.relearn.engine.Relearn;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.server.http.TestServer.Response;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server on an index another engine holds: read-only, searches work (learned once the writer
 * has feedback), feedback is 409.
 */
class HttpReadOnlyTest {
  @TempDir Path tmp;

  @Test
  void readOnlyServerSearchesAndRefusesFeedbackClearly() throws Exception {
    Path index = tmp.resolve("index");
    try (Relearn writer = Relearn.open(index, TestServer.hashing())) {
      writer.index(TestServer.writeDocs(tmp.resolve("docs")), SourceFormat.AUTO, Progress.NONE);
      assertThrows(IndexInUseException.class, () -> Relearn.open(index, TestServer.hashing()));
      try (TestServer server = TestServer.serve(
          Relearn.open(index, TestServer.hashing().withReadOnly(true)))) {
        JsonNode health = server.get("/api/health").json();
        assertTrue(health.get("read_only").asBoolean());
        assertFalse(health.get("writable").asBoolean());
        assertEquals("ok", health.get("status").asText(), "read-only is no fault");
        assertEquals(writer.stats().chunks(), health.get("chunks").asInt());
        Response search = server.post("/api/search", "{\"query\": \"rotate signing keys\"}");
        assertEquals(200, search.status(), search.body());
        String id = search.json().get("hits").get(0).get("chunk_id").asText();
        Response feedback = server.post("/api/feedback",
            "{\"query\": \"rotate signing keys\", \"used\": [\"" + id + "\"]}");
        assertEquals(409, feedback.status(), feedback.body());
        assertTrue(feedback.error().contains("open read-only"), feedback.error());
        assertTrue(feedback.error().contains("feedback cannot be recorded"), feedback.error());
        assertEquals(409, server.post("/api/feedback/reset", "{}").status());
        Response stats = server.get("/api/feedback/stats");
        assertEquals(200, stats.status(), stats.body());
        assertTrue(stats.json().get("read_only").asBoolean());
        assertEquals(0, stats.json().get("store").get("events").asInt(), stats.body());
        writer.feedback(FeedbackRequest.of("rotate signing keys", List.of(id)));
        writer.feedbackStore().checkpoint();
        Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS + 50); // the server looks again after this
        Response after = server.get("/api/feedback/stats"); // the writer's checkpoint, counted
        assertEquals(1, after.json().get("store").get("events").asInt(), after.body());
      }
    }
  }

  @Test
  void readOnlySearchesDefaultToLearnedOnceTheWriterHasFeedback() throws Exception {
    Path index = tmp.resolve("index");
    try (Relearn writer = Relearn.open(index, TestServer.hashing())) {
      writer.index(TestServer.writeDocs(tmp.resolve("docs")), SourceFormat.AUTO, Progress.NONE);
      String id = writer.search(SearchRequest.of("rotate signing keys")).hits().get(0).chunkId();
      writer.feedback(FeedbackRequest.of("rotate signing keys", List.of(id)));
    } // closing checkpoints the feedback
    try (Relearn writer = Relearn.open(index, TestServer.hashing());
        TestServer server = TestServer.serve(
            Relearn.open(index, TestServer.hashing().withReadOnly(true)))) {
      Response search = server.post("/api/search", "{\"query\": \"rotate signing keys\"}");
      assertEquals(200, search.status(), search.body());
      assertEquals("learned", search.json().get("mode").asText(), search.body());
    }
  }
}
