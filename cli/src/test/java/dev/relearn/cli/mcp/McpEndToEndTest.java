package dev.relearn.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP SDK's client spawns {@code relearn mcp} as a process: initialize, tools/list, search,
 * record_feedback, search again; the learned change is visible through the protocol.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class McpEndToEndTest {
  /** Several chunks answer it nearly equally well, so that feedback can reorder them. */
  static final String QUERY = "restart the worker service";

  @TempDir Path tmp;
  private Path index;

  @BeforeEach
  void buildIndex() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("ops.md"), """
        # Operations
        ## Restart on Linux
        Restart the worker service with systemctl.
        ## Restart on macOS
        Restart the worker service with launchctl.
        ## Logs
        The worker service writes its logs to the journal.
        """);
    Files.writeString(docs.resolve("deploy.md"), """
        # Deploy
        Deploy a release with the deploy script; it restarts nothing by itself.
        """);
    Files.writeString(docs.resolve("keys.md"), """
        # Keys
        Rotate the signing keys every 90 days.
        """);
    index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index,
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
  }

  static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
    return client.callTool(new CallToolRequest(tool, args));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> body(CallToolResult result) {
    assertFalse(Boolean.TRUE.equals(result.isError()), text(result));
    return (Map<String, Object>) result.structuredContent();
  }

  static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> hits(CallToolResult result) {
    return (List<Map<String, Object>>) body(result).get("hits");
  }

  static List<String> ids(CallToolResult result) {
    List<String> ids = new ArrayList<>();
    for (Map<String, Object> hit : hits(result)) {
      ids.add((String) hit.get("chunk_id"));
    }
    return ids;
  }

  @Test
  void searchFeedbackAndSearchAgainShowsTheLearnedChange() throws Exception {
    ConcurrentLinkedQueue<String> stderr = new ConcurrentLinkedQueue<>();
    McpSyncClient client = McpProcess.client(index, stderr);
    try {
      McpSchema.InitializeResult init = client.initialize();
      assertEquals("relearn", init.serverInfo().name());
      assertNotNull(init.capabilities().tools());

      List<McpSchema.Tool> tools = client.listTools().tools();
      TreeSet<String> names = new TreeSet<>();
      tools.forEach(tool -> names.add(tool.name()));
      assertEquals(new TreeSet<>(List.of("record_feedback", "search", "search_all",
          "set_context")), names);
      McpSchema.Tool search = tools.stream().filter(t -> t.name().equals("search")).findFirst()
          .orElseThrow();
      assertEquals(Boolean.TRUE, search.annotations().readOnlyHint());
      assertEquals(List.of("query"), search.inputSchema().required());
      @SuppressWarnings("unchecked")
      Map<String, Object> outputProps =
          (Map<String, Object>) search.outputSchema().get("properties");
      assertTrue(outputProps.containsKey("hits"), search.outputSchema().toString());

      CallToolResult before = call(client, "search", Map.of("query", QUERY, "k", 5));
      assertEquals("hybrid", body(before).get("mode"));
      List<String> first = ids(before);
      assertTrue(first.size() >= 3, first.toString());
      Map<String, Object> top = hits(before).get(0);
      for (String field : List.of("chunk_id", "path", "start_line", "end_line", "heading_path",
          "snippet", "score")) {
        assertNotNull(top.get(field), field + " in " + top);
      }
      assertTrue(text(before).contains(first.get(0)), "the summary names the ids");
      String target = first.get(1);
            for (int task = 0; task < 3; task++) {
        call(client, "set_context", Map.of("context", "task-" + task));
        call(client, "search", Map.of("query", QUERY, "k", 5));
        CallToolResult recorded = call(client, "record_feedback", Map.of(
            "used", List.of(target), "outcome", "success"));
        @SuppressWarnings("unchecked")
        Map<String, Object> event =
            ((List<Map<String, Object>>) body(recorded).get("events")).get(0);
        assertEquals("very_strong", event.get("signal"), text(recorded));
      }
      CallToolResult after = call(client, "search", Map.of("query", QUERY, "k", 5));
      assertEquals("learned", body(after).get("mode"));
      assertEquals(target, ids(after).get(0), "the used chunk moved from rank 2 to the top: "
          + text(after));

      call(client, "set_context", Map.of("context", "escape-valve"));
      List<String> one = ids(call(client, "search", Map.of("query", "journal logs", "k", 1)));
      String missed = ids(call(client, "search_all", Map.of("query", "journal logs"))).stream()
          .filter(id -> !one.contains(id)).findFirst().orElseThrow();
      CallToolResult discovery = call(client, "record_feedback", Map.of("used", List.of(missed),
          "outcome", "success", "rating", "up", "idempotency_key", "valve-1"));
      assertTrue(text(discovery).startsWith("Recorded discovery"), text(discovery));
      CallToolResult bad = call(client, "record_feedback", Map.of("used", List.of()));
      assertEquals(Boolean.TRUE, bad.isError());
      assertEquals("record_feedback: 'used' must name 1 to 100 chunk ids, got: 0", text(bad));
    } finally {
      client.closeGracefully();
    }
    for (String line : stderr) {
      assertFalse(line.contains(QUERY), "stderr never carries the query: " + line);
    }
  }
}
