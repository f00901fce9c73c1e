package dev.relearn.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.cli.CliProcess;
import dev.relearn.engine.Relearn;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client's malformed lines, sent to a real {@code relearn mcp} process: each gets a JSON-RPC
 * error and the server goes on answering, then ends when stdin closes. The SDK alone stopped
 * reading at the first bad line, leaving the process deaf and the index locked.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class McpMalformedInputTest {
  private static final String SECRET = "kangaroo";
  private static final String SEARCH = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
      + "\"params\":{\"name\":\"search\",\"arguments\":{\"query\":\"" + SECRET + " ";
  private static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  @TempDir Path tmp;

  @Test
  void eachBadLineGetsAnErrorAndServingGoesOn() throws Exception {
    Path index = McpProcess.keysIndex(tmp);
    Process process = new ProcessBuilder(CliProcess.command("mcp", "--index", index.toString()))
        .redirectError(tmp.resolve("stderr.txt").toFile()).start();
    String[] lines = {
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":"
          + "\"1\"}}}",
      INITIALIZED,
      "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"query\":" + SECRET
          + "}", // not JSON
      "",
      "[1, 2]", // JSON, but no message
      "{\"jsonrpc\":\"2.0\",\"id\":\"x7\",\"query\":\"" + SECRET + "\"}", // no method
      SEARCH + "\u00c0\u00af\"}}}", // an overlong '/' (C0 AF): not UTF-8
      SEARCH + "\u00ed\u00a0\u0080\"}}}", // a CESU-8 surrogate (ED A0 80): not UTF-8
      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}"
    };
    List<JsonNode> replies = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    OutputStream in = process.getOutputStream();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line : lines) {
        in.write((line + "\n").getBytes(StandardCharsets.ISO_8859_1)); // chars as raw bytes
        in.flush();
        if (!line.isEmpty() && !line.equals(INITIALIZED)) {
          replies.add(json.readTree(out.readLine())); // one answer per line, before the next
        }
      }
      in.close();
      assertEquals(null, out.readLine(), "nothing more after stdin closes");
      assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the server ends when stdin closes");
    } finally {
      process.destroyForcibly();
    }
    assertEquals(0, process.exitValue());
    assertEquals(1, replies.get(0).get("id").asInt());
    assertError(replies.get(1), null, -32700,
        "Parse error: the line is not one valid JSON value (line 1,");
    assertError(replies.get(2), null, -32600, "Invalid Request: not a JSON-RPC 2.0 request");
    assertError(replies.get(3), "x7", -32600, "Invalid Request: not a JSON-RPC 2.0 request");
    String offset = "Parse error: the line is not valid UTF-8 at byte offset " + SEARCH.length();
    assertError(replies.get(4), null, -32700, offset);
    assertError(replies.get(5), null, -32700, offset);
    assertEquals(3, replies.get(6).get("id").asInt());
    assertEquals(4, replies.get(6).at("/result/tools").size(), replies.get(6).toString());
    for (JsonNode reply : replies) {
      assertFalse(reply.toString().contains(SECRET), "no reply echoes the line: " + reply);
    }
    String stderr = Files.readString(tmp.resolve("stderr.txt"));
    assertFalse(stderr.contains(SECRET), "nothing logs the line: " + stderr);
    try (Relearn reopened = Relearn.open(index, McpProcess.HASHING)) {
      assertEquals(1, reopened.stats().chunks(), "the write lock was released");
    }
  }

  private static void assertError(JsonNode reply, String id, int code, String messageStart) {
    assertEquals("2.0", reply.get("jsonrpc").asText(), reply.toString());
    if (id == null) {
      assertTrue(reply.get("id").isNull(), reply.toString());
    } else {
      assertEquals(id, reply.get("id").asText(), reply.toString());
    }
    assertEquals(code, reply.at("/error/code").asInt(), reply.toString());
    assertTrue(reply.at("/error/message").asText().startsWith(messageStart), reply.toString());
  }
}
