package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the SDK reads through {@link RequestLineFilter} and what the filter answers itself, line
 * by line, with a small line limit.
 */
class RequestLineFilterTest {
  private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}";
  private static final String NOTE =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  @Test
  void passesMessagesOnAndAnswersTheRest() throws Exception {
    String input = "\n" + PING + "\r\n"
        + "{not json\n"
        + "{\"jsonrpc\":\"1.0\",\"id\":8,\"method\":\"ping\"}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":\"x9\",\"query\":1}\n"
        + "[1,2]\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":\"x\"}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":"
        + "\"search\",\"arguments\":\"zebra passphrase\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"padding\":\"" + "x".repeat(200) + "\"}\n"
        + NOTE; // the last line has no newline
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WholeLineOutput replies = new WholeLineOutput(out, line -> { });
    PendingRequests pending = new PendingRequests();
    RequestLineFilter filter = new RequestLineFilter(
        new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
        McpJsonDefaults.getMapper(), replies, pending, 150);
    pending.answered(); // the one request (PING) passed on is answered: the end is not held
    String passed = new String(filter.readAllBytes(), StandardCharsets.UTF_8);
    List<String> sdkLines = new ArrayList<>();
    for (String line : passed.split("\n")) {
      sdkLines.add(line.strip());
    }
    assertEquals(List.of(PING, NOTE), sdkLines, "only messages reach the SDK, each a line");
    assertTrue(passed.endsWith("\n"), "a last line without a newline gets one");
    assertTrue(pending.awaitAnswered(0, TimeUnit.SECONDS), "one request was counted");

    ObjectMapper json = new ObjectMapper();
    List<JsonNode> errors = new ArrayList<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      errors.add(json.readTree(line));
    }
    assertEquals(7, errors.size(), errors.toString());
    assertError(errors.get(0), null, -32700, "Parse error: the line is not valid JSON (line 1,");
    assertError(errors.get(1), "8", -32600, "Invalid Request: not a JSON-RPC 2.0");
    assertError(errors.get(2), "x9", -32600, "Invalid Request: not a JSON-RPC 2.0");
    assertError(errors.get(3), null, -32600, "Invalid Request: not a JSON-RPC 2.0");
    assertError(errors.get(4), "10", -32602, "Invalid params: 'params' must be an object");
    assertError(errors.get(5), "11", -32602,
        "Invalid params: 'arguments' must be an object, got: string");
    assertFalse(errors.get(5).toString().contains("zebra"), "never the value: " + errors.get(5));
    assertError(errors.get(6), null, -32600,
        "Invalid Request: the line is longer than 150 bytes");
  }

  @Test
  void theEndWaitsForTheAnswersOfRequestsPassedOn() throws Exception {
    PendingRequests pending = new PendingRequests();
    RequestLineFilter filter = new RequestLineFilter(
        new ByteArrayInputStream((PING + "\n").getBytes(StandardCharsets.UTF_8)),
        McpJsonDefaults.getMapper(), new WholeLineOutput(new ByteArrayOutputStream(), l -> { }),
        pending, 1000);
    byte[] line = new byte[PING.length() + 1];
    assertEquals(line.length, filter.readNBytes(line, 0, line.length));
    Thread answer = new Thread(() -> {
      sleep(300);
      pending.answered();
    });
    long start = System.nanoTime();
    answer.start();
    assertEquals(-1, filter.read(), "the end, once the request is answered");
    assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(250),
        "the end was held back until the answer");
    answer.join();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void assertError(JsonNode reply, String id, int code, String start) {
    assertEquals("2.0", reply.get("jsonrpc").asText(), reply.toString());
    assertEquals(id == null, reply.get("id").isNull(), reply.toString());
    if (id != null) {
      assertEquals(id, reply.get("id").asText(), reply.toString());
    }
    assertEquals(code, reply.at("/error/code").asInt(), reply.toString());
    assertTrue(reply.at("/error/message").asText().startsWith(start), reply.toString());
  }
}
