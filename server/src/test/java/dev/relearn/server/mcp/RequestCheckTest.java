package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The replies the server gives itself to lines the SDK would answer with its Java internals (or
 * the bad value) or not at all, and the messages it passes on.
 */
class RequestCheckTest {
  private static final String SECRET = "zebraquokka";
  private static final String INIT_PARAMS = "{\"protocolVersion\":\"2025-06-18\","
      + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}";

  private final RequestCheck check = new RequestCheck(McpJsonDefaults.getMapper(),
      List.of("search", "set_context"));

  @Test
  void wellFormedRequestsGoOnToTheSdk() {
    for (String line : new String[] {request(1, "initialize", INIT_PARAMS),
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
        request(2, "tools/call", "{\"name\":\"search\",\"arguments\":{\"query\":\"q\"},"
            + "\"_meta\":{\"progressToken\":\"t\"}}"),
        request(3, "tools/call", "{\"name\":\"set_context\"}"),
        request(4, "tools/list", null),
        "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}"}) {
      RequestCheck.Checked checked = check.check(line);
      assertNull(checked.reply(), line);
    }
    assertTrue(check.check(request(6, "tools/list", null)).isRequest());
    assertFalse(check.check("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}").isRequest(),
        "a response to the server");
  }

  @Test
  void aPingIsAnsweredAtOnce() {
    RequestCheck.Checked checked = check.check(request(7, "ping", null));
    assertEquals("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}", checked.reply().toString());
    assertFalse(checked.isRequest(), "not counted as one the SDK answers");
  }

  @Test
  void twoMessagesOnOneLineAreAParseError() {
    assertReply(request(3, "ping", null) + request(4, "ping", null), null, -32700,
        "Parse error: the line is not one valid JSON value (line 1, column 41); one message per"
            + " line");
  }

  @Test
  void validJsonOverTheReadersLimitsSaysWhichLimitNotThatItIsInvalid() {
    String deep = "[".repeat(1001) + "]".repeat(1001);
    assertReply(request(8, "tools/call", "{\"name\":\"search\",\"arguments\":{\"query\":"
        + deep + "}}"), null, -32600, "Invalid Request: the line is valid JSON but over a limit"
        + " of the JSON reader: Document nesting depth (1001) exceeds the maximum allowed (1000)");
    String huge = request(9, "tools/call", "{\"name\":\"search\",\"arguments\":{\"query\":\""
        + SECRET.repeat(2_000_000) + "\"}}");
    String message = check.check(huge).reply().at("/error/message").asText();
    assertTrue(message.matches("Invalid Request: the line is valid JSON but over a limit of the"
        + " JSON reader: String value length \\(\\d+\\) exceeds the maximum allowed"
        + " \\(20000000\\)"), message); // the length where the reader stopped
  }

  @Test
  void aRepeatedKeyIsAnInvalidRequestNamingTheKey() {
    assertReply("{\"jsonrpc\":\"2.0\",\"id\":116,\"id\":117,\"method\":\"ping\"}", null, -32600,
        "Invalid Request: duplicate key 'id' (line 1, column 31)");
  }

  @Test
  void paramsThatAreNoObjectAreInvalidParams() {
    assertReply(request(5, "tools/call", "[\"search\"]"), "5", -32602,
        "Invalid params: 'params' must be an object, got: array");
    assertReply(request(6, "tools/list", "\"" + SECRET + "\""), "6", -32602,
        "Invalid params: 'params' must be an object, got: string");
    assertReply(request(7, "tools/call", "{\"name\":\"search\",\"_meta\":\"" + SECRET + "\"}"),
        "7", -32602, "Invalid params: '_meta' must be an object, got: string");
    assertReply(request(8, "tools/call", "{\"name\":\"search\",\"arguments\":\"" + SECRET
        + "\"}"), "8", -32602, "Invalid params: 'arguments' must be an object, got: string");
  }

  @Test
  void aToolCallNeedsItsName() {
    assertReply(request(9, "tools/call", null), "9", -32602,
        "Invalid params: tools/call needs params, an object with 'name'");
    assertReply(request(10, "tools/call", "null"), "10", -32602,
        "Invalid params: tools/call needs params, an object with 'name'");
    assertReply(request(11, "tools/call", "{\"arguments\":{\"query\":\"" + SECRET + "\"}}"),
        "11", -32602, "Invalid params: tools/call needs 'name'; 'name' is missing");
    assertReply(request(12, "tools/call", "{\"name\":{\"a\":\"" + SECRET + "\"}}"), "12",
        -32602, "Invalid params: 'name' has the wrong type for tools/call");
  }

  @Test
  void aRequestBeforeInitializeIsAnsweredAtOnce() {
    assertReply(request(17, "tools/list", null), "17", -32002,
        "Server not initialized: send initialize first, then notifications/initialized");
    assertNull(check.check("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
        .reply(), "a notification gets no answer");
    assertNull(check.check(request(18, "initialize", INIT_PARAMS)).reply());
    assertReply(request(19, "tools/list", null), "19", -32002, "Server not initialized: send"
        + " notifications/initialized first, after initialize's answer"); // the SDK: no answer
    assertNull(check.check("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
        .reply());
    assertNull(check.check(request(20, "tools/list", null)).reply(), "then requests go on");
  }

  @Test
  void aCallOfAToolTheServerLacksNamesTheToolsItHas() {
    assertReply(request(16, "tools/call", "{\"name\":\"delete_all\",\"arguments\":{}}"), "16",
        -32602, "Invalid params: unknown tool: 'delete_all'; expected one of search, set_context");
  }

  @Test
  void anInitializeNeedsWhatTheSdkReads() {
    assertReply(request(13, "initialize", null), "13", -32602, "Invalid params: initialize needs"
        + " params, an object with 'protocolVersion', 'capabilities', 'clientInfo'");
    assertReply(request(14, "initialize", "{\"capabilities\":{},\"clientInfo\":{}}"), "14",
        -32602, "Invalid params: initialize needs 'protocolVersion', 'capabilities',"
            + " 'clientInfo'; 'protocolVersion' is missing");
    assertReply(request(15, "initialize", INIT_PARAMS.replace("\"t\"", "[\"" + SECRET + "\"]")),
        "15", -32602, "Invalid params: 'clientInfo.name' has the wrong type for initialize");
  }

  private static String request(int id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\""
        + (params == null ? "" : ",\"params\":" + params) + "}";
  }

  private void assertReply(String line, String id, int code, String message) {
    ObjectNode reply = check.check(line).reply();
    assertEquals(id == null, reply.get("id").isNull(), reply.toString());
    if (id != null) {
      assertEquals(id, reply.get("id").asText(), reply.toString());
    }
    assertEquals(code, reply.at("/error/code").asInt(), reply.toString());
    assertEquals(message, reply.at("/error/message").asText());
    assertFalse(reply.toString().contains(SECRET), "never the value: " + reply);
  }
}
