package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file whose name holds a line break: the text summaries of {@code search} and {@code
 * record_feedback} keep each hit on its line and show its path and id as JSON strings, so that
 * an agent reading only the text reads the whole id and can pass it back.
 */
class SummaryLinesTest {
  private static final Pattern HIT_LINE = Pattern.compile("(?m)^1\\. (.*)  id=(.*)  score=");

  @TempDir Path tmp;

  @Test
  void aPathWithALineBreakIsQuotedInTheTextSummaries() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("new\nline.md"), "# Odd\nA file with a broken name.\n");
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"),
            RelearnOptions.defaults().withModel(ModelChoice.HASHING));
        RelearnMcpServer server = new RelearnMcpServer(relearn)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      CallToolResult search = server.call("search", Map.of("query", "broken name", "k", 1));
      String id = (String) ((Map<?, ?>) ((List<?>) body(search).get("hits")).get(0))
          .get("chunk_id");
      assertTrue(id.startsWith("docs/new\nline.md#"), id);
      String text = text(search);
      Matcher hit = HIT_LINE.matcher(text);
      assertTrue(hit.find(), text);
      ObjectMapper json = new ObjectMapper();
      assertEquals("docs/new\nline.md", json.readValue(hit.group(1).replaceAll(":\\d+-\\d+.*",
          ""), String.class), text);
      String shownId = hit.group(2);
      assertEquals(id, json.readValue(shownId, String.class), text);
      CallToolResult recorded = server.call("record_feedback",
          Map.of("used", List.of(json.readValue(shownId, String.class))));
      body(recorded);
      assertTrue(text(recorded).contains("for " + shownId + "."), text(recorded));
    }
  }

  private static Map<?, ?> body(CallToolResult result) {
    assertFalse(Boolean.TRUE.equals(result.isError()), text(result));
    return new ObjectMapper().convertValue(result.structuredContent(), Map.class);
  }

  private static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }
}
