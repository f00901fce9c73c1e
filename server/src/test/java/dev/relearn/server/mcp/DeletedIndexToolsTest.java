package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.files.FileTrees;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index folder deleted while {@code relearn mcp} serves it: every later tool call is a tool
 * error naming the folder and what happened to it, and the folder is not created again.
 */
class DeletedIndexToolsTest {
  @TempDir Path tmp;

  @Test
  void toolsSayTheFolderWasDeletedAndDoNotCreateItAgain() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate signing keys every 90 days.\n");
    Path index = tmp.resolve("idx");
    Relearn relearn = Relearn.open(index, RelearnOptions.defaults().withModel(ModelChoice.HASHING));
    try (RelearnMcpServer server = new RelearnMcpServer(relearn)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      Map<?, ?> hit = (Map<?, ?>) ((List<?>) new ObjectMapper().convertValue(server.call(
          "search", Map.of("query", "signing keys")).structuredContent(), Map.class)
          .get("hits")).get(0);
      FileTrees.delete(index);
      Map<String, Object> used = Map.of("used", List.of(hit.get("chunk_id")));
      assertGone(index, server.call("record_feedback", used));
      assertGone(index, server.call("record_feedback", used));
      assertGone(index, server.call("search", Map.of("query", "signing keys")));
      assertFalse(Files.exists(index), "the folder was created again");
    } finally {
      try {
        relearn.close();
      } catch (IOException e) { // what was left to write: said the same way
        assertTrue(e.getMessage().contains("was deleted or moved"), e.getMessage());
      }
    }
  }

  private static void assertGone(Path index, CallToolResult result) {
    String text = ((McpSchema.TextContent) result.content().get(0)).text();
    assertTrue(Boolean.TRUE.equals(result.isError()), text);
    assertTrue(text.contains("the index folder " + index.toAbsolutePath().normalize()
        + " was deleted or moved while relearn had it open"), text);
    assertTrue(text.contains("restore the folder"), text);
  }
}
