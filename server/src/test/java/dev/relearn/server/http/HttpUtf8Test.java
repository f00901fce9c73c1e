package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.search.SearchRequest;
import dev.relearn.server.http.TestServer.Response;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A body that is not strict UTF-8 is a 400 naming the first bad byte: Jackson's byte parser alone
 * took an overlong {@code /} and a CESU-8 surrogate and answered 200. Text limits count code
 * points.
 */
class HttpUtf8Test {
  @TempDir static Path tmp;
  private static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = TestServer.start(tmp);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void overlongFormIs400NamingItsOffset() throws Exception {
    Response response = post("{\"query\": \"rotate", 0xC0, 0xAF, "keys\"}"); // C0 AF is '/'
    System.out.println("overlong C0 AF: " + response.status() + " " + response.body());
    assertEquals(400, response.status(), response.body());
    assertTrue(response.error().contains("not valid UTF-8 at byte offset 17"), response.error());
  }

  @Test
  void encodedSurrogateIs400NamingItsOffset() throws Exception {
    Response response = post("{\"query\": \"rotate ", 0xED, 0xA0, 0x80, "\"}"); // CESU-8
    System.out.println("CESU-8 ED A0 80: " + response.status() + " " + response.body());
    assertEquals(400, response.status(), response.body());
    assertTrue(response.error().contains("not valid UTF-8 at byte offset 18"), response.error());
  }

  @Test
  void aByteOrderMarkBeforeTheJsonIsIgnored() throws Exception {
    Response response = post("", 0xEF, 0xBB, 0xBF, "{\"query\": \"rotate keys\"}");
    assertEquals(200, response.status(), response.body()); // RFC 8259: a parser may ignore it
  }

  @Test
  void wellFormedUtf8Passes() throws Exception {
    Response response = server.post("/api/search", "{\"query\": \"rotate keys \u00e9 \ud83d\ude00\"}");
    assertEquals(200, response.status(), response.body());
  }

  @Test
  void queryLimitCountsCodePointsAsTheMcpSchemaDoes() throws Exception {
    String emoji = "\ud83d\ude00"; // one code point, two UTF-16 units
    Response atLimit = server.post("/api/search", "{\"query\": \""
        + emoji.repeat(SearchRequest.MAX_QUERY_CHARS) + "\"}");
    assertEquals(200, atLimit.status(), atLimit.body());
    Response past = server.post("/api/search", "{\"query\": \""
        + emoji.repeat(SearchRequest.MAX_QUERY_CHARS + 1) + "\"}");
    assertEquals(400, past.status(), past.body());
    assertTrue(past.error().contains("at most 10000 characters, got: 10001"), past.error());
  }

  /** POSTs the UTF-8 of strings and raw bytes (given as ints), in order. */
  private static Response post(Object... parts) throws Exception {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (Object part : parts) {
      if (part instanceof String text) {
        body.writeBytes(text.getBytes(StandardCharsets.UTF_8));
      } else {
        body.write((Integer) part);
      }
    }
    return server.send(HttpRequest.newBuilder(server.uri("/api/search"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build());
  }
}
