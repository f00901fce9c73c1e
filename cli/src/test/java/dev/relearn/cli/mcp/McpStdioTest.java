package dev.relearn.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.cli.CliProcess;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process's side of stdio: stdout carries only JSON-RPC lines, closing stdin ends it cleanly
 * (releasing the index), and a second process gets a read-only server whose feedback is a clear
 * tool error.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class McpStdioTest {
  private static final RelearnOptions HASHING = McpProcess.HASHING;

  @TempDir Path tmp;
  private Path index;

  @BeforeEach
  void buildIndex() throws Exception {
    index = McpProcess.keysIndex(tmp);
  }

  @Test
  void stdoutIsOnlyProtocolAndClosingStdinEndsTheServer() throws Exception {
    Process process = new ProcessBuilder(CliProcess.command("mcp", "--index", index.toString()))
        .redirectError(tmp.resolve("stderr.txt").toFile()).start();
    ObjectMapper json = new ObjectMapper();
    List<String> lines = new ArrayList<>();
    OutputStream in = process.getOutputStream();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String[] requests = {
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":"
            + "\"1\"}}}",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"search\","
            + "\"arguments\":{\"query\":\"rotate keys\"}}}",
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":"
            + "\"record_feedback\",\"arguments\":{\"used\":[\"keys.md#x\"],\"rating\":\"meh\"}}}"
      };
      for (String request : requests) {
        in.write((request + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        if (request.contains("\"id\"")) {
          lines.add(out.readLine()); // one answer per request, before the next
        }
      }
      in.close(); // the client is done: the server must end
      String rest;
      while ((rest = out.readLine()) != null) {
        lines.add(rest);
      }
      assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the server ends when stdin closes");
    } finally {
      process.destroyForcibly(); // a no-op once it ended
    }
    String stderr = Files.readString(tmp.resolve("stderr.txt"));
    assertEquals(0, process.exitValue(), stderr);
    assertEquals(3, lines.size(), lines.toString());
    for (int i = 0; i < lines.size(); i++) {
      JsonNode message = json.readTree(lines.get(i));
      assertEquals("2.0", message.get("jsonrpc").asText(), lines.get(i));
      assertEquals(i + 1, message.get("id").asInt(), lines.get(i));
    }
    JsonNode hits = json.readTree(lines.get(1)).at("/result/structuredContent/hits");
    assertTrue(hits.get(0).get("chunk_id").asText().startsWith("docs/keys.md#"), lines.get(1));
    JsonNode error = json.readTree(lines.get(2)).get("result");
    assertTrue(error.get("isError").asBoolean(), lines.get(2));
    assertEquals("record_feedback: bad rating: 'meh'; expected +1, -1, up, down or 1 to 5 stars",
        error.at("/content/0/text").asText());
    assertTrue(stderr.contains("relearn: MCP server on stdio for "), stderr);
    assertTrue(!stderr.contains("rotate keys"), "the query is never logged: " + stderr);
    try (Relearn reopened = Relearn.open(index, HASHING)) {
      assertEquals(1, reopened.stats().chunks(), "the write lock was released");
    }
  }

  /**
   * A client may close stdin right after its last requests, the last one without a newline: the
   * SDK reads ahead of its handlers, so each still gets its answer before the process ends.
   */
  @Test
  void requestsSentJustBeforeStdinClosesAreAnswered() throws Exception {
    Process process = new ProcessBuilder(CliProcess.command("mcp", "--index", index.toString()))
        .redirectError(tmp.resolve("stderr.txt").toFile()).start();
    StringBuilder requests = new StringBuilder(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{"
            + "\"name\":\"raw\",\"version\":\"1\"}}}\n"
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
    for (int id = 2; id <= 5; id++) {
      requests.append("{\"jsonrpc\":\"2.0\",\"id\":").append(id).append(",\"method\":"
          + "\"tools/call\",\"params\":{\"name\":\"search\",\"arguments\":{\"query\":"
          + "\"rotate keys ").append(id).append("\"}}}").append(id < 5 ? "\n" : "");
    }
    try (OutputStream in = process.getOutputStream()) {
      in.write(requests.toString().getBytes(StandardCharsets.UTF_8)); // then close at once
    }
    List<Integer> answered = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        answered.add(json.readTree(line).get("id").asInt());
      }
      assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the server ends when stdin closes");
    } finally {
      process.destroyForcibly();
    }
    assertEquals(List.of(1, 2, 3, 4, 5), answered.stream().sorted().toList(),
        Files.readString(tmp.resolve("stderr.txt")));
    assertEquals(0, process.exitValue());
  }

  /**
   * The SDK's stdio transport drops a response when two threads send at once (java-sdk #304,
   * #686): without calls run on one thread, this hangs within a few hundred calls.
   */
  @Test
  void aThousandCallsInARowAreAllAnswered() {
    ConcurrentLinkedQueue<String> stderr = new ConcurrentLinkedQueue<>();
    McpSyncClient client = McpProcess.client(index, stderr);
    try {
      client.initialize();
      for (int i = 0; i < 1000; i++) {
        CallToolResult result = i % 10 == 0
            ? McpEndToEndTest.call(client, "search", Map.of("query", "keys " + i))
            : McpEndToEndTest.call(client, "set_context", Map.of("context", "c" + i % 7));
        assertEquals(Boolean.FALSE, result.isError(), McpEndToEndTest.text(result));
      }
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void secondProcessServesReadOnlyAndFeedbackIsAClearToolError() throws Exception {
    try (Relearn holder = Relearn.open(index, HASHING)) {
      ConcurrentLinkedQueue<String> stderr = new ConcurrentLinkedQueue<>();
      McpSyncClient client = McpProcess.client(index, stderr);
      try {
        client.initialize();
        CallToolResult search = McpEndToEndTest.call(client, "search",
            Map.of("query", "rotate keys"));
        String id = McpEndToEndTest.ids(search).get(0);
        CallToolResult feedback = McpEndToEndTest.call(client, "record_feedback",
            Map.of("used", List.of(id), "outcome", "success"));
        assertEquals(Boolean.TRUE, feedback.isError());
        assertEquals("record_feedback cannot record: the index " + holder.directory()
            + " is open read-only because another process holds its write lock. Stop that"
            + " process and restart this server to record feedback; search still works.",
            McpEndToEndTest.text(feedback));
      } finally {
        client.closeGracefully();
      }
      assertTrue(String.join("\n", stderr).contains("serving it read-only"), stderr.toString());
      assertEquals(0, holder.feedbackStore().stats().ledgerEvents());
    }
  }
}
