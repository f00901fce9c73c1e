package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** At most 64 contexts are kept, never losing the current one; every tool strips a context id. */
class ContextsTest {
  private static final RelearnOptions HASHING =
      RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @TempDir Path tmp;
  private Relearn relearn;
  private RelearnMcpServer server;

  @BeforeEach
  void open() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\n## Rotate\nRotate signing keys every 90"
        + " days.\n");
    relearn = Relearn.open(tmp.resolve("idx"), HASHING);
    relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    server = new RelearnMcpServer(relearn, "test-session");
  }

  @AfterEach
  void close() throws Exception {
    server.close();
    relearn.close();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> body(CallToolResult result) {
    assertFalse(Boolean.TRUE.equals(result.isError()),
        ((McpSchema.TextContent) result.content().get(0)).text());
    return new ObjectMapper().convertValue(result.structuredContent(), Map.class);
  }

  @Test
  void atMost64ContextsAreKeptWhileTheCurrentOneIsNotTouched() {
    body(server.call("set_context", Map.of("context", "task")));
    body(server.call("search", Map.of("query", "rotate keys", "context", "first")));
    for (int i = 0; i < 2 * Contexts.MAX_CONTEXTS; i++) { // the agent names contexts per call
      body(server.call("search", Map.of("query", "rotate keys", "context", "other-" + i)));
    }
    // 128 newer contexts since "first": it must have been forgotten (docs/MCP.md: at most 64)
    assertEquals(0, body(server.call("set_context", Map.of("context", "first")))
        .get("remembered_searches"), "the oldest context outlived 128 newer ones");
  }

  @Test
  void setContextAndTheOtherToolsNameTheSameContextForTheSameId() {
    body(server.call("set_context", Map.of("context", "task-1 ")));
    body(server.call("search", Map.of("query", "rotate keys", "context", "task-1 ")));
    assertEquals(1, body(server.call("set_context", Map.of("context", "task-1 ")))
        .get("remembered_searches"), "search went to another context than set_context's");
  }
}
