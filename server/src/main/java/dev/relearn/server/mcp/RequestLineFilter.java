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
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The client's input as the SDK reads it: whole JSON-RPC lines, minus those the SDK could not
 * parse, which this filter answers itself. The SDK's stdio transport stops reading for good at
 * the first line it cannot parse (1.1.5), which left the server deaf and the index locked; here
 * a line that is not JSON gets a {@code -32700} parse error, and JSON that is not a JSON-RPC
 * message a {@code -32600} invalid-request error (with its id when it has one), and reading goes
 * on; a {@code tools/call} whose {@code params} or {@code arguments} is no object gets a {@code
 * -32602}. Replies name the position of the problem, never the line's content (it may hold a
 * query). Blank lines are skipped; a last line without a newline gets one. At the end of input
 * it waits for the answers to the requests it passed on ({@link PendingRequests}) before it
 * reports the end. For one reader thread, as the SDK reads.
 */
final class RequestLineFilter extends InputStream {
  /** JSON-RPC's error code for input that is not JSON. */
  static final int PARSE_ERROR = -32700;
  /** JSON-RPC's error code for JSON that is not a valid request. */
  static final int INVALID_REQUEST = -32600;
  /** JSON-RPC's error code for parameters that are not an object (or array). */
  static final int INVALID_PARAMS = -32602;
  /** The longest line read; a longer one is skipped and answered as an invalid request. */
  static final int MAX_LINE_BYTES = 64 << 20;
  private static final byte[] TOO_LONG = new byte[0];
  /** How long, after stdin ends, the requests already passed on may take to be answered. */
  static final int DRAIN_SECONDS = 10;

  private final InputStream in;
  private final McpJsonMapper mapper;
  private final WholeLineOutput replies;
  private final PendingRequests pending;
  private final int maxLineBytes;
  private final ObjectMapper json = new ObjectMapper();
  private byte[] line = new byte[0];
  private int position;

  /**
   * Reads {@code in}; answers bad lines on {@code replies}; counts requests in {@code pending}.
   *
   * @param maxLineBytes the longest line passed on ({@link #MAX_LINE_BYTES} in the server)
   */
  RequestLineFilter(InputStream in, McpJsonMapper mapper, WholeLineOutput replies,
      PendingRequests pending, int maxLineBytes) {
    this.in = in;
    this.mapper = mapper;
    this.replies = replies;
    this.pending = pending;
    this.maxLineBytes = maxLineBytes;
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
        awaitAnswers();
        return false;
      }
      if (next == TOO_LONG) {
        replies.writeLine(json.writeValueAsBytes(error(null, INVALID_REQUEST,
            "Invalid Request: the line is longer than " + maxLineBytes + " bytes")));
        continue;
      }
      String text = new String(next, StandardCharsets.UTF_8).strip();
      if (text.isEmpty()) {
        continue;
      }
      Checked checked = check(text);
      if (checked.error() == null) {
        if (checked.message().hasNonNull("method") && checked.message().hasNonNull("id")) {
          pending.received();
        }
        line = next[next.length - 1] == '\n' ? next : Arrays.copyOf(next, next.length + 1);
        line[line.length - 1] = '\n'; // a last line without one is still a whole line
        position = 0;
        return true;
      }
      replies.writeLine(json.writeValueAsBytes(checked.error()));
    }
  }

  /**
   * Holds back the end of input until every request passed on is answered (at most {@link
   * #DRAIN_SECONDS}): the SDK closes its session as soon as it reads the end, dropping the
   * requests its handlers have not answered yet, such as those a client sends right before it
   * closes stdin.
   */
  private void awaitAnswers() throws InterruptedIOException {
    try {
      if (!pending.awaitAnswered(DRAIN_SECONDS, TimeUnit.SECONDS)) {
        System.err.println("relearn: stdin closed; requests still unanswered after "
            + DRAIN_SECONDS + " s are dropped");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while answering the last requests");
    }
  }

  /** A line parsed: the message, and the error reply when the SDK could not take it. */
  private record Checked(JsonNode message, ObjectNode error) {}

  private Checked check(String text) {
    JsonNode node;
    try {
      node = json.readTree(text);
    } catch (JsonProcessingException e) {
      String where = e.getLocation() == null ? ""
          : " (line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr() + ")";
      return new Checked(null,
          error(null, PARSE_ERROR, "Parse error: the line is not valid JSON" + where));
    }
    JsonNode id = node.isObject() ? node.get("id") : null;
    JsonNode echoed = id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
    JsonNode params = node.path("params");
    if (!params.isMissingNode() && !params.isObject() && !params.isArray()) {
      return new Checked(node, error(echoed, INVALID_PARAMS,
          "Invalid params: 'params' must be an object"));
    }
    // the SDK's own answer would quote the value (a query, perhaps) and name its Java types
    JsonNode arguments = params.path("arguments");
    if ("tools/call".equals(node.path("method").asText(null)) && !arguments.isMissingNode()
        && !arguments.isNull() && !arguments.isObject()) {
      return new Checked(node, error(echoed, INVALID_PARAMS, "Invalid params: 'arguments' must"
          + " be an object, got: " + arguments.getNodeType().name().toLowerCase(Locale.ROOT)));
    }
    if (node.isObject() && "2.0".equals(node.path("jsonrpc").asText(null)) && sdkTakes(text)) {
      return new Checked(node, null);
    }
    return new Checked(node, error(echoed, INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0"
        + " request, notification or response"));
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
    long length = 0;
    while ((b = in.read()) >= 0) {
      if (++length > maxLineBytes) { // skipped to its end, then answered as too long
        if (b == '\n') {
          return TOO_LONG;
        }
        continue;
      }
      bytes.write(b);
      if (b == '\n') {
        return bytes.toByteArray();
      }
    }
    if (length > maxLineBytes) {
      return TOO_LONG;
    }
    return bytes.size() == 0 ? null : bytes.toByteArray();
  }
}
