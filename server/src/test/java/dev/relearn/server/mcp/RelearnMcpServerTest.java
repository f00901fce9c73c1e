package dev.relearn.server.mcp;

import dev.relearn.server.text.ErrorQuotes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchRequest;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tools in-process over a real index: session classification and bad input. */
class RelearnMcpServerTest {
  private static final RelearnOptions HASHING =
      RelearnOptions.defaults().withModel(ModelChoice.HASHING);
  private static final String QUERY = "rotate signing keys";

  @TempDir Path tmp;
  private Relearn relearn;
  private RelearnMcpServer server;

  @BeforeEach
  void open() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\n## Rotate\nRotate signing keys every 90"
        + " days.\n## Revoke\nRevoke a leaked signing key at once.\n");
    Files.writeString(docs.resolve("cache.md"), "# Cache\nThe cache keeps 100 query vectors.\n");
    Files.writeString(docs.resolve("deploy.md"), "# Deploy\nDeploy with the release script.\n");
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
    assertFalse(Boolean.TRUE.equals(result.isError()), text(result));
    return new ObjectMapper().convertValue(result.structuredContent(), Map.class);
  }

  private static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  @SuppressWarnings("unchecked")
  private List<String> ids(String tool, Map<String, Object> args) {
    List<String> ids = new ArrayList<>();
    for (Map<String, Object> hit : (List<Map<String, Object>>) body(server.call(tool, args))
        .get("hits")) {
      ids.add((String) hit.get("chunk_id"));
    }
    return ids;
  }

  @SuppressWarnings("unchecked")
  private List<String> signals(CallToolResult result) {
    List<String> signals = new ArrayList<>();
    for (Map<String, Object> event : (List<Map<String, Object>>) body(result).get("events")) {
      signals.add(event.get("signal") + ":" + event.get("chunk_ids"));
    }
    return signals;
  }

  private String error(String tool, Map<String, Object> args) {
    CallToolResult result = server.call(tool, args);
    assertTrue(Boolean.TRUE.equals(result.isError()), "expected an error: " + text(result));
    assertFalse(text(result).contains(QUERY), "the query is never echoed: " + text(result));
    return text(result);
  }

  @Test
  void feedbackOutsideAnySetContextKeepsTeachingPastOneSessionsBudget() throws Exception {
    try (RelearnMcpServer plain = new RelearnMcpServer(relearn)) {
      String id = ids("search", Map.of("query", QUERY, "k", 1)).get(0);
      for (int i = 0; i <= SessionBudget.EVENTS + 4; i++) {
        plain.call("search", Map.of("query", QUERY + " " + i, "k", 10)); // shows every chunk
        body(plain.call("record_feedback", Map.of("used", List.of(id), "outcome", "success")));
      }
      assertTrue(relearn.feedbackStore().learned(id).successes() >= SessionBudget.EVENTS + 5,
          "each event is a session of its own, none over the budget");
      for (int i = 0; i <= SessionBudget.EVENTS + 4; i++) { // the test-session server's
        server.call("search", Map.of("query", QUERY + " " + i, "k", 10));
        body(server.call("record_feedback", Map.of("used", List.of(id), "outcome", "failure")));
      }
      assertEquals(0, relearn.feedbackStore().learned(id).failures(), "one session, over budget");
    }
  }

  @Test
  void feedbackIsClassifiedPerContextFromWhatItsSearchesShowed() {
    server.call("set_context", Map.of("context", "task-1"));
    List<String> first = ids("search", Map.of("query", QUERY, "k", 1));
    List<String> wide = ids("search_all", Map.of("query", QUERY));
    String found = wide.stream().filter(id -> !first.contains(id)).findFirst().orElseThrow();
    CallToolResult recorded = server.call("record_feedback", Map.of(
        "used", List.of(first.get(0), found, "ghost#1"), "outcome", "success",
        "idempotency_key", "k1"));
    assertEquals(List.of("very_strong:[" + first.get(0) + ", ghost#1]", "discovery:[" + found
        + "]"), signals(recorded), "an id the index lacks goes with the first event");
    assertTrue(text(recorded).contains("Recorded very_strong (strong_positive) for " + first.get(0)
        + ", ghost#1; unknown ids kept anyway: ghost#1."), text(recorded));
    @SuppressWarnings("unchecked")
    Map<String, Object> stats = (Map<String, Object>) body(recorded).get("stats");
    assertEquals(2L, ((Number) stats.get("events")).longValue());
    assertEquals(1.0, (Double) stats.get("positive_rate"), 1e-9);
    assertEquals(2L, ((Map<?, ?>) stats.get("by_outcome")).values().stream()
        .mapToLong(n -> ((Number) n).longValue()).sum(), "every event has one outcome");
    assertEquals(1, ((List<?>) body(recorded).get("weights")).size());
    Map<?, ?> trust = (Map<?, ?>) body(recorded).get("trust");
    assertEquals(false, trust.get("fitted"), "two events are too few to fit: " + trust);
    assertNull(trust.get("strength"), "the prior is not shown as 0: " + trust);
    assertTrue(text(recorded).endsWith("\nTrust in the vote of similar past queries: prior (too"
        + " few clicks to fit yet)."), text(recorded));
    CallToolResult again = server.call("record_feedback", Map.of(
        "used", List.of(first.get(0), found, "ghost#1"), "outcome", "success",
        "idempotency_key", "k1"));
    assertTrue(text(again).startsWith("Already recorded"), text(again));
    server.call("record_feedback", Map.of("used", List.of(found), "idempotency_key", "k2"));
    CallToolResult reused = server.call("record_feedback", Map.of("used", List.of(first.get(0)),
        "outcome", "failure", "idempotency_key", "k2"));
    assertEquals("Already recorded under this key: an earlier call's event stands, and this call"
        + " stored nothing (it named " + first.get(0) + ").", text(reused).lines().findFirst()
            .orElseThrow(), "a key used again with other content is not what was stored");
    assertEquals("record_feedback: none of the used chunk ids is in the index: 'ghost#1',"
        + " 'ghost#2'; a chunk's id changes with its path or text: search again and use the ids it"
        + " returns", error("record_feedback", Map.of("used", List.of("ghost#1", "ghost#2"))));

    ids("search", Map.of("query", "cache vectors", "k", 1));
    CallToolResult strong = server.call("record_feedback", Map.of("used", List.of(first.get(0))));
    assertEquals(List.of("strong:[" + first.get(0) + "]"), signals(strong),
        "shown by an earlier search of the context, not the latest");
    server.call("set_context", Map.of("context", "task-2"));
    assertEquals("record_feedback needs the query the results were for: pass"
        + " 'query', or run search in context task-2 first",
        error("record_feedback", Map.of("used", List.of(first.get(0)))));
    CallToolResult weak = server.call("record_feedback", Map.of("used", List.of(first.get(0)),
        "query", QUERY));
    assertEquals(List.of("weak:[" + first.get(0) + "]"), signals(weak), "task-2 saw nothing");
    CallToolResult named = server.call("record_feedback", Map.of("used", List.of(found),
        "context", "task-1"));
    assertEquals(List.of("discovery:[" + found + "]"), signals(named), "context by name");
  }

  @Test
  void theReservedIdDefaultNamesTheContextCallsStartInAndSaysSo() {
    server.call("set_context", Map.of("context", "task-1"));
    CallToolResult back = server.call("set_context", Map.of("context", " default"));
    assertEquals("Context default is current: the context calls start in, shared by every call"
        + " that names none, not a task's own. Searches and feedback are attributed to it; pick"
        + " another id for a task.", text(back));
    String described = server.tools().stream().filter(t -> t.name().equals("set_context"))
        .map(t -> ((Map<?, ?>) t.inputSchema().properties().get("context")).get("description"))
        .findFirst().orElseThrow().toString();
    assertTrue(described.contains("\"default\" is reserved"), described);
  }

  @Test
  void searchUsesTheContextsPathPrefixAndReportsItsMode() {
    Map<String, Object> set = body(server.call("set_context",
        Map.of("context", "keys-task", "path_prefix", "docs/keys")));
    assertEquals("docs/keys", set.get("path_prefix"));
    for (String id : ids("search", Map.of("query", "cache deploy keys"))) {
      assertTrue(id.startsWith("docs/keys.md#"), id);
    }
    assertTrue(ids("search_all", Map.of("query", "cache deploy keys")).size() > 2,
        "search_all ignores the prefix");
    Map<String, Object> hybrid = body(server.call("search", Map.of("query", QUERY)));
    assertEquals("hybrid", hybrid.get("mode"), "no feedback yet");
    String id = ids("search", Map.of("query", QUERY)).get(0);
    server.call("record_feedback", Map.of("used", List.of(id)));
    assertEquals("learned", body(server.call("search", Map.of("query", QUERY))).get("mode"));
    assertEquals("bm25", body(server.call("search", Map.of("query", QUERY, "mode", "BM25")))
        .get("mode"));
  }

  @Test
  void returningToAContextKeepsItsPathPrefixUnlessOneIsGiven() {
    server.call("set_context", Map.of("context", "keys-task", "path_prefix", "docs/keys"));
    server.call("set_context", Map.of("context", "other-task"));
    Map<String, Object> back = body(server.call("set_context", Map.of("context", "keys-task")));
    assertEquals("docs/keys", back.get("path_prefix"), "resumed with its prefix");
    Map<String, Object> lifted = body(server.call("set_context",
        Map.of("context", "keys-task", "path_prefix", "")));
    assertEquals(null, lifted.get("path_prefix"), "an empty prefix lifts it");
  }

  @Test
  void searchNamesThePathPrefixItAppliedAndEmptyLiftsTheContexts() {
    server.call("set_context", Map.of("context", "keys-task", "path_prefix", "docs/keys"));
    CallToolResult limited = server.call("search", Map.of("query", "cache deploy", "k", 1));
    assertEquals("docs/keys", body(limited).get("path_prefix"));
    assertTrue(text(limited).startsWith("search: 1 hit under path prefix 'docs/keys' ("),
        text(limited));
    CallToolResult whole = server.call("search", Map.of("query", "cache deploy",
        "path_prefix", ""));
    assertEquals(null, body(whole).get("path_prefix"));
    assertTrue(ids("search", Map.of("query", "cache deploy", "path_prefix", "")).stream()
        .anyMatch(id -> !id.startsWith("docs/keys")), "\"\" searches the whole index");
    CallToolResult none = server.call("search", Map.of("query", QUERY,
        "path_prefix", "/home/me/docs"));
    assertEquals(List.of(), body(none).get("hits"));
    assertTrue(text(none).startsWith("search: 0 hits under path prefix '/home/me/docs' ("),
        text(none));
    assertTrue(text(none).contains("pass path_prefix \"\" to search the whole index"),
        text(none));
    assertEquals(null, body(server.call("search_all", Map.of("query", QUERY)))
        .get("path_prefix"), "search_all ignores the context's prefix");
  }

  @Test
  void initializeAnswersWithTheProtocolVersionTheClientProposed() throws Exception {
    assertEquals("2025-06-18", negotiatedVersion("2025-06-18"));
    assertEquals("2024-11-05", negotiatedVersion("2024-11-05"));
    assertEquals("2025-11-25", negotiatedVersion("1999-01-01"), "unknown: the newest");
  }

  /** The protocol version {@code serve} answers an initialize proposing {@code proposed} with. */
  private String negotiatedVersion(String proposed) throws Exception {
    String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
        + "{\"protocolVersion\":\"" + proposed + "\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new RelearnMcpServer(relearn, "version-test").serve(
        new ByteArrayInputStream(initialize.getBytes(StandardCharsets.UTF_8)), out, "test");
    JsonNode answer = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8).strip());
    return answer.at("/result/protocolVersion").asText();
  }

  @Test
  void badInputGetsToolErrorsNamingTheValue() {
    String id = ids("search", Map.of("query", QUERY)).get(0);
    assertEquals("search: unknown field 'limit'; accepted: context, k, mode, path_prefix,"
        + " query", error("search", Map.of("query", QUERY, "limit", 3)));
    assertEquals("search: 'query' is required", error("search", Map.of()));
    String nothing = "search: query has no searchable text: it is empty or only spaces and"
        + " control characters";
    assertEquals(nothing, error("search", Map.of("query", " ")));
    assertEquals(nothing, error("search", Map.of("query", "\u0001\u0002")));
    assertEquals("search: 'k' must be in [1, 100], got: 0", error("search",
        Map.of("query", QUERY, "k", 0)));
    assertEquals("search: 'k' must be an integer, got: 2.5", error("search",
        Map.of("query", QUERY, "k", 2.5)));
    assertEquals("search: 'k' must be in [1, 100], got: a number out of range (beyond ±1.8E308)",
        error("search", Map.of("query", QUERY, "k", Double.POSITIVE_INFINITY)));
    assertEquals("search: unknown search mode: 'fuzzy'; expected one of auto, bm25, vector,"
        + " hybrid, learned", error("search", Map.of("query", QUERY, "mode", "fuzzy")));
    assertEquals("record_feedback: 'idempotency_key' must not be blank; leave it out for none",
        error("record_feedback", Map.of("used", List.of(id), "idempotency_key", "")));
    assertEquals("record_feedback: 'query' must not be blank; leave it out for none",
        error("record_feedback", Map.of("used", List.of(id), "query", " ")));
    assertEquals("search: 'context' must not be blank; leave it out for none",
        error("search", Map.of("query", QUERY, "context", "")));
    assertEquals("record_feedback: 'used' must name 1 to 100 chunk ids, got: 1, all blank",
        error("record_feedback", Map.of("used", List.of(" "))));
    assertEquals("record_feedback: 'used' must name 1 to 100 chunk ids, got: 101",
        error("record_feedback", Map.of("used", java.util.stream.IntStream.rangeClosed(0, 100)
            .mapToObj(i -> id + "~" + i).toList())));
    assertEquals("record_feedback: 'used' is required",
        error("record_feedback", Map.of("outcome", "success")));
    assertEquals("record_feedback: 'used' must be an array of chunk ids, got: '" + id + "'",
        error("record_feedback", Map.of("used", id)));
    assertEquals("record_feedback: bad rating: 'great'; expected +1, -1, up, down or 1 to 5"
        + " stars", error("record_feedback", Map.of("used", List.of(id), "rating", "great")));
    // in a context with no search to take the query from, the bad rating is still what is said
    assertEquals("record_feedback: bad rating: 'great'; expected +1, -1, up, down or 1 to 5"
        + " stars", error("record_feedback", Map.of("used", List.of(id), "rating", "great",
            "context", "never-searched")));
    assertEquals("record_feedback: a star rating must be 1 to 5, got: 7",
        error("record_feedback", Map.of("used", List.of(id), "rating", 7)));
    assertEquals("record_feedback: 'rating' must be a string or an integer, got: true",
        error("record_feedback", Map.of("used", List.of(id), "rating", true)));
    // a whole number beyond a long is named as given, not as the long it wraps to
    assertEquals("record_feedback: bad rating: '12345678901234567890123'; expected +1, -1, up,"
        + " down or 1 to 5 stars", error("record_feedback", Map.of("used", List.of(id),
            "rating", new java.math.BigInteger("12345678901234567890123"))));
    assertEquals("record_feedback: bad rating: '1.0E20'; expected +1, -1, up, down or 1 to 5"
        + " stars", error("record_feedback", Map.of("used", List.of(id), "rating", 1e20)));
    assertEquals("record_feedback: unknown outcome: 'won'; expected one of success, failure,"
        + " none", error("record_feedback", Map.of("used", List.of(id), "outcome", "won")));
    assertEquals("record_feedback: 'quality' must be in [0.0, 1.0], got: 1.5",
        error("record_feedback", Map.of("used", List.of(id), "quality", 1.5)));
    assertEquals("set_context: 'context' is required (a non-blank id)",
        error("set_context", Map.of("path_prefix", "docs")));
    // a context keeps its prefix for later calls: one beyond any path is refused, not kept
    assertEquals("set_context: 'path_prefix' must be at most 4096 characters, got: 4097",
        error("set_context", Map.of("context", "long", "path_prefix", "d".repeat(4_097))));
    assertEquals("search: 'path_prefix' must be at most 4096 characters, got: 4097",
        error("search", Map.of("query", QUERY, "path_prefix", "d".repeat(4_097))));
    assertEquals("unknown tool: 'delete_all'; expected one of search, search_all,"
        + " record_feedback, set_context", error("delete_all", Map.of()));
    Map<String, Object> nulls = new HashMap<>();
    nulls.put("query", QUERY);
    nulls.put("k", null);
    assertFalse(((List<?>) body(server.call("search", nulls)).get("hits")).isEmpty(),
        "a null argument counts as absent");
  }

  @Test
  void errorsQuoteAtMostAHundredCharactersOfAValue() {
    String huge = "x".repeat(100_000);
    String quoted = "'" + "x".repeat(ErrorQuotes.MAX_QUOTE_CHARS) + "… (100000 characters)'";
    assertTrue(error(huge, Map.of()).startsWith("unknown tool: " + quoted));
    assertTrue(error("search", Map.of("query", QUERY, huge, 1)).contains(
        "unknown field " + quoted));
    assertEquals("search: 'k' must be an integer, got: " + quoted,
        error("search", Map.of("query", QUERY, "k", huge)));
    String key = "x y".repeat(33) + "x"; // 100 characters: quoted whole
    assertEquals("record_feedback: 'idempotency_key' must be 1 to 100 printable ASCII characters"
        + " without spaces, got: '" + key + "'", error("record_feedback",
            Map.of("used", List.of("a"), "query", QUERY, "idempotency_key", key)));
    for (String message : List.of(error("search", Map.of("query", QUERY, "mode", huge)),
        error("record_feedback", Map.of("used", List.of("a"), "query", QUERY, "outcome", huge)),
        error("record_feedback", Map.of("used", List.of("a"), "query", QUERY, "rating", huge)))) {
      assertTrue(message.length() < 200, () -> message.length() + " characters: "
          + message.substring(0, 100));
    }
  }

  @Test
  void readOnlyEngineSearchesButFeedbackIsAClearToolError() throws Exception {
    relearn.close();
    server.close();
    relearn = Relearn.open(tmp.resolve("idx"), HASHING.withReadOnly(true));
    server = new RelearnMcpServer(relearn);
    String id = ids("search", Map.of("query", QUERY)).get(0);
    String message = error("record_feedback", Map.of("used", List.of(id)));
    assertTrue(message.startsWith("record_feedback cannot record: the index "
        + relearn.directory() + " is open read-only because another process holds its write"
        + " lock."), message);
  }

  @Test
  void closedServerAnswersWithAnError() {
    server.close();
    assertEquals("the relearn MCP server is shutting down",
        error("search", Map.of("query", QUERY)));
  }

  @Test
  void aRetryWithItsIdempotencyKeyIsRecordedOnceWhateverWasSearchedSince() throws Exception {
    List<String> shown = ids("search", Map.of("query", QUERY, "k", 2)); // both from one search
    Map<String, Object> feedback = Map.of("used", shown, "idempotency_key", "retry-me");
    body(server.call("record_feedback", feedback));
    long events = relearn.feedbackStats().ledgerEvents();
    // a search since shows only the second: it would now be classified apart from the first
    List<String> second = ids("search", Map.of("query", "revoke a leaked signing key", "k", 1));
    assertEquals(List.of(shown.get(1)), second, "precondition");
    CallToolResult retry = server.call("record_feedback", feedback);
    assertEquals(events, relearn.feedbackStats().ledgerEvents(), "recorded once: " + text(retry));
    assertTrue(text(retry).contains("Already recorded under this key"), text(retry));
  }
}
