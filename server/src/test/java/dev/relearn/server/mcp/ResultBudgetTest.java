package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tool result stays within the 20,000-token budget over a real index of 600 chunks: a large
 * one is trimmed and says what was cut, a small one is untouched.
 */
class ResultBudgetTest {
  private static final String QUERY = "rotate the signing keys budget";
  private static final String[] WORDS = {"rotate", "signing", "keys", "budget", "cache",
      "deploy", "release", "vector", "index", "query", "token", "limit", "server", "client"};

  @TempDir static Path tmp;
  private static Relearn relearn;
  private static RelearnMcpServer server;

  @BeforeAll
  static void open() throws Exception {
    Random random = new Random(42);
    for (int file = 0; file < 60; file++) {
      Path dir = Files.createDirectories(tmp.resolve("docs/area-" + file % 6 + "/operations"));
      StringBuilder text = new StringBuilder("# Operations guide " + file + "\n");
      for (int section = 0; section < 10; section++) {
        text.append("\n## Rotating signing keys, part ").append(section).append("\n\n");
        for (int word = 0; word < 70; word++) {
          text.append(WORDS[random.nextInt(WORDS.length)]).append(word % 12 == 11 ? ".\n" : " ");
        }
      }
      Files.writeString(dir.resolve("guide-" + file + ".md"), text);
    }
    relearn = Relearn.open(tmp.resolve("idx"), RelearnOptions.defaults()
        .withModel(ModelChoice.HASHING));
    relearn.index(tmp.resolve("docs"), SourceFormat.AUTO, Progress.NONE);
    server = new RelearnMcpServer(relearn, "budget-session");
  }

  @AfterAll
  static void close() throws Exception {
    server.close();
    relearn.close();
  }

  @Test
  @SuppressWarnings("unchecked")
  void searchAllAtK500StaysWithinTheBudgetAndSaysWhatWasTrimmed() throws Exception {
    CallToolResult result = server.call("search_all", Map.of("query", QUERY, "k", 500));
    Map<String, Object> body = body(result);
    int size = size(result);
    List<Map<String, Object>> hits = (List<Map<String, Object>>) body.get("hits");
    System.out.printf("search_all k=500: %d of 500 hits, %d characters (~%d tokens)%n",
        hits.size(), size, size / ResultBudget.CHARS_PER_TOKEN);
    assertTrue(size <= ResultBudget.MAX_CHARS, size + " characters");
    String trimmed = (String) body.get("trimmed");
    assertEquals("snippets cut to " + HitResults.MIN_SNIPPET_CHARS + " chars, " + hits.size()
        + " of 500 hits shown, to fit the 20,000-token result budget", trimmed);
    assertTrue(text(result).contains("\ntrimmed: " + trimmed));
    assertTrue(hits.size() > 50 && hits.size() < 500, hits.size() + " hits");
    assertTrue(size > ResultBudget.MAX_CHARS * 0.95, "the budget is used: " + size);
    assertTrue(McpJsonDefaults.getSchemaValidator().validate(HitResults.schema(), body).valid(),
        "a trimmed result still matches the output schema");
    // what the context remembers as shown is what the result showed
    String notShown = searchIds(500).get(hits.size());
    String signal = feedbackSignal(notShown);
    assertEquals("weak", signal, "a hit cut from the result was never shown");
  }

  @Test
  @SuppressWarnings("unchecked")
  void aSmallResultIsUntouched() throws Exception {
    CallToolResult result = server.call("search", Map.of("query", QUERY, "mode", "hybrid"));
    Map<String, Object> body = body(result);
    System.out.printf("search k=10: %d characters (~%d tokens)%n", size(result),
        size(result) / ResultBudget.CHARS_PER_TOKEN);
    assertNull(body.get("trimmed"));
    assertFalse(text(result).contains("trimmed"));
    List<Hit> engine = relearn.search(SearchRequest.of(QUERY).withMode(SearchMode.HYBRID))
        .hits();
    List<String> snippets = ((List<Map<String, Object>>) body.get("hits")).stream()
        .map(hit -> (String) hit.get("snippet")).toList();
    assertEquals(engine.stream().map(Hit::snippet).toList(), snippets, "whole snippets");
    assertEquals(10, snippets.size());
  }

  @Test
  void feedbackNamingHugeIdsCutsThemInItsResult() throws Exception {
    String indexed = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
    List<String> used = IntStream.range(0, 100) // ids the index lacks go with the first event
        .mapToObj(i -> i == 0 ? indexed : i + "-" + "x".repeat(5_000)).toList();
    CallToolResult result = server.call("record_feedback", Map.of("used", used, "query", QUERY));
    int size = size(result);
    System.out.printf("record_feedback, 100 ids of 5,000 characters: %d characters%n", size);
    assertTrue(size <= ResultBudget.MAX_CHARS, size + " characters");
    String trimmed = (String) body(result).get("trimmed");
    assertTrue(trimmed.startsWith("chunk ids cut to ") && trimmed.endsWith(
        " chars, to fit the 20,000-token result budget"), trimmed);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aHugeHeadingIsCutNotLeftToEmptyTheResult() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("headings/docs"));
    Files.writeString(docs.resolve("huge.md"), "# " + "generated heading ".repeat(3_000)
        + "\n\nomega rotation notes\n");
    Files.writeString(docs.resolve("small.md"), "# Small\n\nomega rotation notes too\n");
    try (Relearn own = Relearn.open(tmp.resolve("headings/idx"), RelearnOptions.defaults()
            .withModel(ModelChoice.HASHING));
        RelearnMcpServer mcp = new RelearnMcpServer(own)) {
      own.index(docs, SourceFormat.AUTO, Progress.NONE);
      CallToolResult result = mcp.call("search", Map.of("query", "omega rotation notes"));
      List<Map<String, Object>> hits = (List<Map<String, Object>>) body(result).get("hits");
      assertEquals(2, hits.size(), text(result));
      for (Map<String, Object> hit : hits) {
        for (String heading : (List<String>) hit.get("heading_path")) {
          assertTrue(heading.length() <= HitResults.HEADING_CHARS + 3, heading.length() + "");
        }
      }
      assertTrue(size(result) <= ResultBudget.MAX_CHARS, size(result) + " characters");
    }
  }

  @Test
  void everyToolStatesTheBudget() {
    for (McpSchema.Tool tool : server.tools()) {
      assertTrue(tool.description().contains("within 20,000 tokens (80,000 characters)"),
          tool.name() + ": " + tool.description());
    }
  }

  private static List<String> searchIds(int k) throws Exception {
    return relearn.search(SearchRequest.of(QUERY).withMode(SearchMode.HYBRID).withK(k)
        .withCandidates(SearchTool.WIDE_CANDIDATES)).hits().stream().map(Hit::chunkId).toList();
  }

  @SuppressWarnings("unchecked")
  private static String feedbackSignal(String id) {
    Map<String, Object> body = body(server.call("record_feedback", Map.of("used", List.of(id))));
    return (String) ((List<Map<String, Object>>) body.get("events")).get(0).get("signal");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> body(CallToolResult result) {
    assertFalse(Boolean.TRUE.equals(result.isError()), text(result));
    return new ObjectMapper().convertValue(result.structuredContent(), Map.class);
  }

  /** The whole result as the SDK writes it: what a host receives (its text JSON-escaped). */
  private static int size(CallToolResult result) throws Exception {
    return McpJsonDefaults.getMapper().writeValueAsString(result).length();
  }

  /** The result's text summary. */
  private static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }
}
