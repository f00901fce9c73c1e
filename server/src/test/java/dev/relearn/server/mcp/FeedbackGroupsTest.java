package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code record_feedback} records one event per signal class and search list, each with that
 * list's query and what it showed, as its output schema and docs/MCP.md say: two uses that two
 * earlier searches showed are two {@code strong} events.
 */
class FeedbackGroupsTest {
  @TempDir Path tmp;

  @Test
  void usesShownByTwoEarlierSearchesAreTwoStrongEvents() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate signing keys every 90 days.\n");
    Files.writeString(docs.resolve("cache.md"), "# Cache\nThe cache keeps 100 query vectors.\n");
    Files.writeString(docs.resolve("deploy.md"), "# Deploy\nDeploy with the release script.\n");
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"),
            RelearnOptions.defaults().withModel(ModelChoice.HASHING));
        RelearnMcpServer server = new RelearnMcpServer(relearn)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      server.call("set_context", Map.of("context", "task"));
      String keys = first(server.call("search", Map.of("query", "rotate signing keys", "k", 1)));
      String cache = first(server.call("search", Map.of("query", "cache query vectors", "k", 1)));
      server.call("search", Map.of("query", "deploy release script", "k", 1));
      List<Map<String, Object>> events = events(server.call("record_feedback",
          Map.of("used", List.of(keys, cache), "idempotency_key", "two-lists")));
      assertEquals(List.of("strong", "strong"), events.stream().map(e -> e.get("signal")).toList());
      assertEquals(List.of(List.of(keys), List.of(cache)),
          events.stream().map(e -> e.get("chunk_ids")).toList());
      Map<?, ?> schema = (Map<?, ?>) ((Map<?, ?>) server.tools().stream()
          .filter(tool -> tool.name().equals("record_feedback")).findFirst().orElseThrow()
          .outputSchema().get("properties")).get("events");
      assertEquals("One event per signal class and search list", schema.get("description"));

      long recorded = relearn.feedbackStats().ledgerEvents();
      try (RelearnMcpServer restarted = new RelearnMcpServer(relearn)) { // searches forgotten
        restarted.call("set_context", Map.of("context", "task"));
        List<Map<String, Object>> retry = events(restarted.call("record_feedback", Map.of("used",
            List.of(keys, cache), "idempotency_key", "two-lists", "query", "signing keys")));
        assertEquals(List.of(true), retry.stream().map(e -> e.get("duplicate")).toList(),
            "one weak group now, whose id is the first event's: " + retry);
        assertEquals(recorded, relearn.feedbackStats().ledgerEvents(), "a retry is recorded once");
      }
    }
  }

  private static String first(CallToolResult result) {
    return (String) ((Map<?, ?>) ((List<?>) body(result).get("hits")).get(0)).get("chunk_id");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> events(CallToolResult result) {
    return (List<Map<String, Object>>) body(result).get("events");
  }

  private static Map<?, ?> body(CallToolResult result) {
    assertFalse(Boolean.TRUE.equals(result.isError()), String.valueOf(result.content()));
    return new ObjectMapper().convertValue(result.structuredContent(), Map.class);
  }
}
