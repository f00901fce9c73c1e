package dev.relearn.server.mcp;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * Whether a line of input is a message the SDK can take, else the reply saying why (the SDK's
 * own would quote the value and its Java types): {@code -32700} for a line that is not one JSON
 * value, {@code -32600} for JSON that is not JSON-RPC 2.0 or repeats a key, {@code -32602} for
 * params of the wrong shape or a call of a tool the server does not have, {@code -32002} for a
 * request before {@code initialize} or before {@code notifications/initialized} (the SDK would
 * leave it unanswered, the second for good when the notification never comes). Replies carry the
 * message's id and name a position, a field or the unknown tool, never another value. A {@code
 * ping} is answered here too, also before initialization. For the one thread reading a stream.
 */
final class RequestCheck {
  /** JSON-RPC's error code for input that is not JSON. */
  static final int PARSE_ERROR = -32700;
  /** JSON-RPC's error code for JSON that is not a valid request. */
  static final int INVALID_REQUEST = -32600;
  /** JSON-RPC's error code for parameters that are not what the method takes. */
  static final int INVALID_PARAMS = -32602;
  /** The error code for a request before {@code initialize} (as the Language Server Protocol). */
  static final int NOT_INITIALIZED = -32002;

  /** What the parameters of the methods checked here must hold, besides their types. */
  private static final Map<String, Shape> SHAPES = Map.of(
      McpSchema.METHOD_INITIALIZE, new Shape(McpSchema.InitializeRequest.class,
          List.of("protocolVersion", "capabilities", "clientInfo")),
      McpSchema.METHOD_TOOLS_CALL, new Shape(McpSchema.CallToolRequest.class, List.of("name")));

  private record Shape(Class<?> type, List<String> required) {}

  /** A line checked: the message when it is JSON, and the server's own reply (else null). */
  record Checked(JsonNode message, ObjectNode reply) {
    /** Whether the message is a request the SDK will answer: it has a method and an id. */
    boolean isRequest() {
      return reply == null && message.hasNonNull("method") && message.hasNonNull("id");
    }
  }

  private final ObjectMapper json = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      .build();
  private final McpJsonMapper mapper;
  private final Collection<String> tools;
  private boolean initialized; // an initialize request has been passed on
  private boolean ready; // and then the initialized notification

  /** Checks against what {@code mapper}, the SDK's, can read, and the {@code tools}' names. */
  RequestCheck(McpJsonMapper mapper, Collection<String> tools) {
    this.mapper = mapper;
    this.tools = List.copyOf(tools);
  }

  /** Checks one line, stripped and not empty. */
  Checked check(String text) {
    JsonNode node;
    try {
      node = json.readTree(text);
    } catch (StreamConstraintsException e) { // valid JSON, too long or deep to read
      return new Checked(null, error(null, INVALID_REQUEST, "Invalid Request: the line is valid"
          + " JSON but over a limit of the JSON reader: " + String.valueOf(e.getOriginalMessage())
          .replaceFirst(", from `[^`]*`\\)$", ")")));
    } catch (JsonProcessingException e) {
      String where = e.getLocation() == null ? ""
          : " (line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr() + ")";
      String original = String.valueOf(e.getOriginalMessage());
      if (original.startsWith("Duplicate field ")) { // names the key, not its value
        return new Checked(null, error(null, INVALID_REQUEST, "Invalid Request: "
            + original.replace("Duplicate field", "duplicate key") + where));
      }
      return new Checked(null, error(null, PARSE_ERROR, "Parse error: the line is not one valid"
          + " JSON value" + where + "; one message per line"));
    }
    JsonNode id = node.isObject() ? node.get("id") : null;
    JsonNode echoed = id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
    String method = node.path("method").asText(null);
    String badParams = badParams(method, node.path("params"));
    if (badParams == null && McpSchema.METHOD_TOOLS_CALL.equals(method)
        && !tools.contains(node.path("params").path("name").asText())) {
      badParams = RelearnMcpServer.unknownTool(node.path("params").path("name").asText(), tools);
    }
    if (badParams != null) {
      return new Checked(node, error(echoed, INVALID_PARAMS, "Invalid params: " + badParams));
    }
    if (!node.isObject() || !"2.0".equals(node.path("jsonrpc").asText(null)) || !sdkTakes(text)) {
      return new Checked(node, error(echoed, INVALID_REQUEST, "Invalid Request: not a JSON-RPC"
          + " 2.0 request, notification or response"));
    }
    if (McpSchema.METHOD_PING.equals(method) && echoed != null) {
      ObjectNode pong = json.createObjectNode().put("jsonrpc", "2.0");
      pong.set("id", echoed);
      pong.putObject("result");
      return new Checked(node, pong);
    }
    boolean initialize = McpSchema.METHOD_INITIALIZE.equals(method);
    initialized |= initialize;
    ready |= initialized && McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(method);
    if (!ready && !initialize && method != null && node.hasNonNull("id")) {
      return new Checked(node, error(echoed, NOT_INITIALIZED, "Server not initialized: send"
          + (initialized ? " notifications/initialized first, after initialize's answer"
              : " initialize first, then notifications/initialized")));
    }
    return new Checked(node, null);
  }

  /** What is wrong with the params of {@code method}, or null when nothing is. */
  private String badParams(String method, JsonNode params) {
    Shape shape = method == null ? null : SHAPES.get(method);
    if (params.isMissingNode() || params.isNull()) {
      return shape == null ? null : method + " needs params, an object with " + names(shape);
    }
    if (!params.isObject()) {
      return "'params' must be an object, got: " + type(params);
    }
    JsonNode meta = params.path("_meta");
    if (!meta.isMissingNode() && !meta.isNull() && !meta.isObject()) {
      return "'_meta' must be an object, got: " + type(meta);
    }
    if (shape == null) {
      return null;
    }
    JsonNode arguments = params.path("arguments");
    if (McpSchema.METHOD_TOOLS_CALL.equals(method) && !arguments.isMissingNode()
        && !arguments.isNull() && !arguments.isObject()) {
      return "'arguments' must be an object, got: " + type(arguments);
    }
    try {
      mapper.convertValue(params, shape.type());
    } catch (IllegalArgumentException e) { // the message would quote the value: name the field
      return "'" + field(e) + "' has the wrong type for " + method;
    }
    for (String required : shape.required()) {
      if (!params.hasNonNull(required)) {
        return method + " needs " + names(shape) + "; '" + required + "' is missing";
      }
    }
    return null;
  }

  private static String names(Shape shape) {
    return shape.required().stream().map(name -> "'" + name + "'")
        .collect(Collectors.joining(", "));
  }

  /** The path of the field that {@code e} failed on, such as {@code clientInfo.name}. */
  private static String field(IllegalArgumentException e) {
    StringJoiner path = new StringJoiner(".");
    if (e.getCause() instanceof JsonMappingException mapping) {
      for (JsonMappingException.Reference step : mapping.getPath()) {
        path.add(step.getFieldName() != null ? step.getFieldName()
            : String.valueOf(step.getIndex()));
      }
    }
    return path.length() == 0 ? "params" : path.toString();
  }

  private static String type(JsonNode node) {
    return node.getNodeType().name().toLowerCase(Locale.ROOT);
  }

  /** Whether the SDK can read {@code text} as a message (its failure is the answer: no). */
  private boolean sdkTakes(String text) {
    try {
      McpSchema.deserializeJsonRpcMessage(mapper, text);
      return true;
    } catch (IOException | RuntimeException notAMessage) {
      return false;
    }
  }

  /** An error reply with {@code id} (null for none). */
  ObjectNode error(JsonNode id, int code, String message) {
    ObjectNode reply = json.createObjectNode().put("jsonrpc", "2.0");
    reply.set("id", id);
    reply.putObject("error").put("code", code).put("message", message);
    return reply;
  }

  /** {@code reply} as the bytes of one line, without its newline. */
  byte[] bytes(ObjectNode reply) throws JsonProcessingException {
    return json.writeValueAsBytes(reply);
  }
}
