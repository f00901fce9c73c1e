package dev.relearn.server.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The client's input as the SDK reads it: whole JSON-RPC lines, minus those the SDK could not
 * parse, which this filter answers itself. The SDK's stdio transport stops reading for good at
 * the first line it cannot parse (1.1.5), which left the server deaf and the index locked; here
 * a line that is not JSON gets a {@code -32700} parse error, and JSON that is not a JSON-RPC
 * message a {@code -32600} invalid-request error (with its id when it has one), and reading goes
 * on. Replies name the position of the problem, never the line's content (it may hold a query).
 * Blank lines are skipped. For one reader thread, as the SDK reads.
 */
final class RequestLineFilter extends InputStream {
  /** JSON-RPC's error code for input that is not JSON. */
  static final int PARSE_ERROR = -32700;
  /** JSON-RPC's error code for JSON that is not a valid request. */
  static final int INVALID_REQUEST = -32600;

  private final InputStream in;
  private final McpJsonMapper mapper;
  private final WholeLineOutput replies;
  private final ObjectMapper json = new ObjectMapper();
  private byte[] line = new byte[0];
  private int position;

  RequestLineFilter(InputStream in, McpJsonMapper mapper, WholeLineOutput replies) {
    this.in = in;
    this.mapper = mapper;
    this.replies = replies;
  }

  @Override
  public int read() throws IOException {
    if (position == line.length && !nextLine()) {
      return -1;
    }
    return line[position++] & 0xff;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    if (position == line.length && !nextLine()) {
      return -1;
    }
    int n = Math.min(length, line.length - position);
    System.arraycopy(line, position, buffer, offset, n);
    position += n;
    return n;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** Moves to the next line the SDK can parse, answering the others; false at the end. */
  private boolean nextLine() throws IOException {
    while (true) {
      byte[] next = readLine();
      if (next == null) {
        return false;
      }
      String text = new String(next, StandardCharsets.UTF_8).strip();
      if (text.isEmpty()) {
        continue;
      }
      ObjectNode error = problem(text);
      if (error == null) {
        line = next;
        position = 0;
        return true;
      }
      replies.writeLine(json.writeValueAsBytes(error));
    }
  }

  /** The error reply for {@code text}, or null when it is a message the SDK can take. */
  private ObjectNode problem(String text) {
    JsonNode node;
    try {
      node = json.readTree(text);
    } catch (JsonProcessingException e) {
      String where = e.getLocation() == null ? ""
          : " (line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr() + ")";
      return error(null, PARSE_ERROR, "Parse error: the line is not valid JSON" + where);
    }
    try {
      McpSchema.deserializeJsonRpcMessage(mapper, text);
      return null;
    } catch (IOException | RuntimeException e) {
      JsonNode id = node.isObject() ? node.get("id") : null;
      return error(id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null,
          INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 request, notification or"
              + " response");
    }
  }

  private ObjectNode error(JsonNode id, int code, String message) {
    ObjectNode reply = json.createObjectNode().put("jsonrpc", "2.0");
    reply.set("id", id);
    reply.putObject("error").put("code", code).put("message", message);
    return reply;
  }

  /** The next line with its newline, or null at the end of the input. */
  private byte[] readLine() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) >= 0) {
      bytes.write(b);
      if (b == '\n') {
        return bytes.toByteArray();
      }
    }
    return bytes.size() == 0 ? null : bytes.toByteArray();
  }
}
