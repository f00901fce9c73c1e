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
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the SDK reads through {@link RequestLineFilter} and what the filter answers itself, line
 * by line, with a small line limit.
 */
class RequestLineFilterTest {
  /** A request the SDK answers; the first one must be initialize ({@link RequestCheck}). */
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\","
      + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":"
      + "{\"name\":\"t\",\"version\":\"1\"}}}";
  private static final String NOTE =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  @Test
  void passesMessagesOnAndAnswersTheRest() throws Exception {
    String input = "\n" + INIT + "\r\n"
        + "{not json\n"
        + "{\"jsonrpc\":\"1.0\",\"id\":8,\"method\":\"ping\"}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":\"x9\",\"query\":1}\n"
        + "[1,2]\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":\"x\"}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":"
        + "\"search\",\"arguments\":\"zebra passphrase\"}}\n"
        + "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"padding\":\"" + "x".repeat(200) + "\"}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"ping\"}\n"
        + "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\"}{\"jsonrpc\":\"2.0\"}\n"
        + NOTE; // the last line has no newline
    byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
    byte[] notUtf8 = {'{', '"', (byte) 0xff, '"', '}', '\n'};
    byte[] all = Arrays.copyOf(notUtf8, notUtf8.length + bytes.length); // a first line
    System.arraycopy(bytes, 0, all, notUtf8.length, bytes.length);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WholeLineOutput replies = new WholeLineOutput(out, line -> { });
    PendingRequests pending = new PendingRequests();
    RequestLineFilter filter = new RequestLineFilter(
        new ByteArrayInputStream(all), new RequestCheck(McpJsonDefaults.getMapper(), List.of()),
        replies, pending, 150, () -> { });
    pending.answered(); // the one request (INIT) passed on is answered: the end is not held
    String passed = new String(filter.readAllBytes(), StandardCharsets.UTF_8);
    List<String> sdkLines = new ArrayList<>();
    for (String line : passed.split("\n")) {
      sdkLines.add(line.strip());
    }
    assertEquals(List.of(INIT, NOTE), sdkLines, "only messages reach the SDK, each a line");
    assertTrue(passed.endsWith("\n"), "a last line without a newline gets one");
    assertTrue(pending.awaitAnswered(0, TimeUnit.SECONDS), "one request was counted");

    ObjectMapper json = new ObjectMapper();
    List<JsonNode> errors = new ArrayList<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      errors.add(json.readTree(line));
    }
    assertEquals(10, errors.size(), errors.toString());
    assertError(errors.get(0), null, -32700, "Parse error: the line is not valid UTF-8");
    assertError(errors.get(1), null, -32700,
        "Parse error: the line is not one valid JSON value (line 1,");
    assertError(errors.get(2), "8", -32600, "Invalid Request: not a JSON-RPC 2.0");
    assertError(errors.get(3), "x9", -32600, "Invalid Request: not a JSON-RPC 2.0");
    assertError(errors.get(4), null, -32600, "Invalid Request: not a JSON-RPC 2.0");
    assertError(errors.get(5), "10", -32602, "Invalid params: 'params' must be an object");
    assertError(errors.get(6), "11", -32602,
        "Invalid params: 'arguments' must be an object, got: string");
    assertFalse(errors.get(6).toString().contains("zebra"), "never the value: " + errors.get(6));
    assertError(errors.get(7), null, -32600,
        "Invalid Request: the line is longer than 150 bytes");
    assertEquals("{\"jsonrpc\":\"2.0\",\"id\":12,\"result\":{}}", errors.get(8).toString(),
        "a ping is answered by the filter");
    assertError(errors.get(9), null, -32700, "Parse error: the line is not one valid JSON value"
        + " (line 1, column 42); one message per line");

  }

  @Test
  void theEndWaitsForTheAnswersOfRequestsPassedOn() throws Exception {
    PendingRequests pending = new PendingRequests();
    RequestLineFilter filter = new RequestLineFilter(
        new ByteArrayInputStream((INIT + "\n").getBytes(StandardCharsets.UTF_8)),
        new RequestCheck(McpJsonDefaults.getMapper(), List.of()),
        new WholeLineOutput(new ByteArrayOutputStream(), l -> { }),
        pending, 1000, () -> { });
    byte[] line = new byte[INIT.length() + 1];
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

  @Test
  void overlongFormsAndEncodedSurrogatesAreParseErrorsNamingTheByte() throws Exception {
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"";
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    input.writeBytes(ping.getBytes(StandardCharsets.UTF_8));
    input.writeBytes(new byte[] {(byte) 0xC0, (byte) 0xAF, '"', '}', '}', '\n'}); // overlong '/'
    input.writeBytes(ping.getBytes(StandardCharsets.UTF_8));
    input.writeBytes(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}', '}', '\n'});
    input.writeBytes((INIT + "\n").getBytes(StandardCharsets.UTF_8));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PendingRequests pending = new PendingRequests();
    RequestLineFilter filter = new RequestLineFilter(new ByteArrayInputStream(
        input.toByteArray()), new RequestCheck(McpJsonDefaults.getMapper(), List.of()),
        new WholeLineOutput(out, l -> { }),
        pending, 1000, () -> { });
    pending.answered();
    assertEquals(INIT + "\n", new String(filter.readAllBytes(), StandardCharsets.UTF_8));
    String[] replies = out.toString(StandardCharsets.UTF_8).split("\n");
    System.out.println("overlong and CESU-8 lines: " + String.join(" | ", replies));
    assertEquals(2, replies.length);
    ObjectMapper json = new ObjectMapper();
    String offset = "Parse error: the line is not valid UTF-8 at byte offset " + ping.length();
    assertError(json.readTree(replies[0]), null, -32700, offset);
    assertError(json.readTree(replies[1]), null, -32700, offset);
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
