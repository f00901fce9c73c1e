package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchRequest;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The input schemas state every limit the tools check, with the same numbers, counted the same
 * way: each bound a schema declares is tried from both sides, through the SDK's JSON Schema
 * validator and through the server, so that what a host validates before sending is what the
 * server accepts.
 */
class SchemaLimitsTest {
  private static final String QUERY = "rotate signing keys";
  /** One code point, two UTF-16 units: a JSON Schema validator counts it once. */
  private static final String EMOJI = "\ud83d\ude00";
  private static final JsonSchemaValidator VALIDATOR = McpJsonDefaults.getSchemaValidator();

  @TempDir Path tmp;
  private Relearn relearn;
  private RelearnMcpServer server;
  private String indexed; // the id of the one chunk: feedback naming no indexed chunk is refused
  private final Set<String> tried = new TreeSet<>();

  @BeforeEach
  void open() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate signing keys every 90 days.\n");
    relearn = Relearn.open(tmp.resolve("idx"), RelearnOptions.defaults()
        .withModel(ModelChoice.HASHING));
    relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    indexed = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
    server = new RelearnMcpServer(relearn, "limits-session");
  }

  @AfterEach
  void close() throws Exception {
    server.close();
    relearn.close();
  }

  @Test
  void schemaNumbersAreTheServersConstants() {
    assertEquals(SearchRequest.MAX_QUERY_CHARS, keyword("search", "query", "maxLength"));
    assertEquals(SearchRequest.MAX_PATH_PREFIX_CHARS,
        keyword("search", "path_prefix", "maxLength"));
    assertEquals(SearchRequest.MAX_PATH_PREFIX_CHARS,
        keyword("set_context", "path_prefix", "maxLength"));
    assertEquals(1, keyword("set_context", "context", "minLength"));
    assertEquals(SessionContext.MAX_ID_CHARS, keyword("set_context", "context", "maxLength"));
    assertEquals(1, keyword("record_feedback", "used", "minItems"));
    assertEquals(FeedbackRequest.MAX_USED, keyword("record_feedback", "used", "maxItems"));
    assertEquals(FeedbackRequest.MIN_QUALITY, keyword("record_feedback", "quality", "minimum"));
    assertEquals(FeedbackRequest.MAX_QUALITY, keyword("record_feedback", "quality", "maximum"));
    assertEquals(RecordFeedbackTool.MAX_KEY_CHARS,
        keyword("record_feedback", "idempotency_key", "maxLength"));
    assertEquals(RecordFeedbackTool.KEY_PATTERN.pattern(),
        keyword("record_feedback", "idempotency_key", "pattern"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyBoundOfTheSchemasIsTheServersFromBothSides() {
    for (McpSchema.Tool tool : server.tools()) {
      for (Map.Entry<String, Object> property : tool.inputSchema().properties().entrySet()) {
        String name = property.getKey();
        Map<String, Object> schema = (Map<String, Object>) property.getValue();
        String unit = schema.containsKey("pattern") ? "k" : EMOJI;
        if (schema.get("maxLength") instanceof Integer max) {
          check(tool.name(), name, "maxLength", unit.repeat(max), unit.repeat(max + 1));
        }
        if (schema.get("minLength") instanceof Integer min) {
          check(tool.name(), name, "minLength", unit.repeat(min), unit.repeat(min - 1));
        }
        if (schema.get("pattern") instanceof String) {
          check(tool.name(), name, "pattern", "retry-1", "retry 1");
          check(tool.name(), name, "pattern", "retry-2", "retry-\u00e9");
        }
        if (schema.get("items") instanceof Map<?, ?> items
            && items.get("maxLength") instanceof Integer max) {
          check(tool.name(), name, "items.maxLength", List.of(indexed, EMOJI.repeat(max)),
              List.of(indexed, EMOJI.repeat(max + 1)));
        }
        if (schema.get("maxItems") instanceof Integer max) {
          check(tool.name(), name, "maxItems", ids(max), ids(max + 1));
        }
        if (schema.get("minItems") instanceof Integer min) {
          check(tool.name(), name, "minItems", ids(min), ids(min - 1));
        }
        boolean whole = "integer".equals(schema.get("type"));
        double step = whole ? 1 : 0.001;
        if (schema.get("minimum") instanceof Number min) {
          check(tool.name(), name, "minimum", number(min.doubleValue(), whole),
              number(min.doubleValue() - step, whole));
        }
        if (schema.get("maximum") instanceof Number max) {
          check(tool.name(), name, "maximum", number(max.doubleValue(), whole),
              number(max.doubleValue() + step, whole));
        }
      }
    }
    System.out.println("schema bounds tried from both sides: " + tried);
    for (String bound : List.of("search.query.maxLength", "search.query.minLength",
        "search.path_prefix.maxLength", "search.context.maxLength", "search.k.maximum",
        "search_all.k.maximum", "record_feedback.used.maxItems", "record_feedback.used.minItems",
        "record_feedback.used.items.maxLength", "record_feedback.quality.minimum",
        "record_feedback.quality.maximum", "record_feedback.idempotency_key.maxLength",
        "record_feedback.idempotency_key.pattern", "set_context.context.minLength",
        "set_context.path_prefix.maxLength")) {
      assertTrue(tried.contains(bound), "not declared: " + bound + "; declared: " + tried);
    }
  }

  /**
   * Calls {@code tool} with {@code inside}, then {@code outside}, as {@code name}, after checking
   * that the SDK's JSON Schema validator, as a host would, accepts the one and refuses the other.
   */
  private void check(String tool, String name, String bound, Object inside, Object outside) {
    Map<String, Object> schema = inputSchema(tool);
    assertTrue(VALIDATOR.validate(schema, args(tool, name, inside)).valid(),
        tool + "." + name + ": the schema refuses a value at its " + bound);
    assertFalse(VALIDATOR.validate(schema, args(tool, name, outside)).valid(),
        tool + "." + name + ": the schema accepts a value past its " + bound);
    CallToolResult accepted = server.call(tool, args(tool, name, inside));
    assertFalse(Boolean.TRUE.equals(accepted.isError()), tool + "." + name + " at its " + bound
        + " was refused: " + text(accepted));
    CallToolResult refused = server.call(tool, args(tool, name, outside));
    assertTrue(Boolean.TRUE.equals(refused.isError()), tool + "." + name + " past its " + bound
        + " was accepted");
    assertTrue(text(refused).contains(name), text(refused));
    assertTrue(text(refused).length() < 400, "no huge value quoted: " + text(refused).length());
    tried.add(tool + "." + name + "." + bound);
  }

  /** Arguments a call needs, with {@code name} set to {@code value}. */
  private Map<String, Object> args(String tool, String name, Object value) {
    Map<String, Object> args = new HashMap<>();
    switch (tool) {
      case "set_context" -> args.put("context", "limits");
      case "record_feedback" -> {
        args.put("used", List.of(indexed));
        args.put("query", QUERY);
      }
      default -> args.put("query", QUERY);
    }
    args.put(name, value);
    return args;
  }

  /** {@code count} distinct ids, the first the indexed chunk's. */
  private List<String> ids(int count) {
    return new ArrayList<>(IntStream.range(0, count)
        .mapToObj(i -> i == 0 ? indexed : "docs/keys.md#" + i).toList());
  }

  private static Number number(double value, boolean whole) {
    return whole ? (Number) (int) value : (Number) value;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> inputSchema(String tool) {
    for (McpSchema.Tool declared : server.tools()) {
      if (declared.name().equals(tool)) {
        return McpJsonDefaults.getMapper().convertValue(declared.inputSchema(), Map.class);
      }
    }
    throw new AssertionError("no tool " + tool);
  }

  @SuppressWarnings("unchecked")
  private Object keyword(String tool, String property, String keyword) {
    for (McpSchema.Tool declared : server.tools()) {
      if (declared.name().equals(tool)) {
        return ((Map<String, Object>) declared.inputSchema().properties().get(property))
            .get(keyword);
      }
    }
    throw new AssertionError("no tool " + tool);
  }

  private static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }
}
