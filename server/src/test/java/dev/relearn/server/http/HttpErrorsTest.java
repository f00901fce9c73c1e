package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.server.http.TestServer.Response;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets a JSON error naming the problem, with the right 4xx status. */
class HttpErrorsTest {
  private static final int LIMIT = 4096;
  private static final String SECRET = "zebra quokka passphrase";

  @TempDir static Path tmp;
  private static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = TestServer.start(tmp, HttpApiConfig.defaults().withAddress("127.0.0.1", 0)
        .withMaxBodyBytes(LIMIT).withMaxDepth(8));
  }

  @AfterAll
  static void stop() throws Exception {
    String log = server.log();
    server.close();
    assertFalse(log.contains("zebra"), "the server logged query text: " + log);
  }

  private static void assertError(int status, String fragment, Response response) {
    assertEquals(status, response.status(), response.body());
    assertTrue(response.headers().firstValue("Content-Type").orElse("")
        .startsWith("application/json"), response.headers().toString());
    assertEquals(status, response.json().get("status").asInt());
    assertTrue(response.error().contains(fragment),
        "expected '" + fragment + "' in: " + response.error());
    assertFalse(response.body().contains("zebra"), "errors never echo the query");
  }

  @Test
  void malformedJsonIs400() throws Exception {
    assertError(400, "malformed JSON", server.post("/api/search", "{\"query\": \"" + SECRET));
    assertError(400, "malformed JSON", server.post("/api/search", "{query: zebra}"));
    assertError(400, "malformed JSON", server.post("/api/search", "{\"query\": \"a\"} extra"));
    assertError(400, "malformed JSON",
        server.post("/api/search", "{\"query\": \"a\", \"query\": \"b\"}"));
    assertError(400, "must be a JSON object", server.post("/api/search", "[1, 2]"));
  }

  @Test
  void tooDeepNestingIs400() throws Exception {
    String deep = "[".repeat(20) + "]".repeat(20);
    assertError(400, "nested too deeply: the limit is 8",
        server.post("/api/search", "{\"query\": \"x\", \"k\": " + deep + "}"));
    // a number too long for the parser is no nesting problem: the message says what it is
    Response longNumber = server.post("/api/search", "{\"query\": \"" + SECRET + "\", \"k\": 1"
        + "0".repeat(1_500) + "}");
    assertError(400, "Number value length (1501) exceeds the maximum allowed (1000)", longNumber);
    assertFalse(longNumber.error().contains("nested"), longNumber.error());
  }

  @Test
  void oversizedBodyIs413WithOrWithoutALength() throws Exception {
    String big = "{\"query\": \"" + "a".repeat(LIMIT * 2) + "\"}";
    assertError(413, "the limit is " + LIMIT + " bytes", server.post("/api/search", big));
    HttpRequest chunked = HttpRequest.newBuilder(server.uri("/api/feedback"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofInputStream(() ->
            new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))
        .build();
    assertError(413, "request body too large", server.send(chunked));
    assertEquals(200, server.get("/api/health").status(), "still serving");
  }

  @Test
  void wrongContentTypeIs415() throws Exception {
    assertError(415, "got: 'text/plain'",
        server.post("/api/search", "text/plain", "{\"query\": \"x\"}"));
    assertError(415, "got: none", server.post("/api/search", null, "{\"query\": \"x\"}"));
    assertError(415, "content type must be application/json in UTF-8, got:"
        + " 'application/json; charset=latin-1'",
        server.post("/api/feedback", "application/json; charset=latin-1", "{}"));
    assertEquals(200, server.post("/api/search", "application/json; charset=UTF-8",
        "{\"query\": \"cache\"}").status());
    assertEquals(200, server.post("/api/search", "application/json; charset=utf8",
        "{\"query\": \"cache\"}").status(), "utf8 is UTF-8 by another of its names");
    assertError(415, "charset=no-such-charset",
        server.post("/api/search", "application/json; charset=no-such-charset", "{}"));
  }

  @Test
  void unknownPathIs404AndWrongMethodIs405() throws Exception {
    assertError(404, "no such path: /api/nothing", server.get("/api/nothing"));
    assertError(404, "no such path: /nothing", server.get("/nothing"));
    Response wrong = server.get("/api/search");
    assertError(405, "GET is not allowed on /api/search", wrong);
    assertEquals("POST", wrong.headers().firstValue("Allow").orElse(""));
    assertError(405, "use GET", server.post("/api/health", "{}"));
    assertError(405, "use GET", server.post("/", "{}"));
  }

  @Test
  void aPathStartingWithTwoSlashesIs404NamingThePathAsSent() throws Exception {
    // a client whose base URL ends in '/' sends //api/search: the URI parser took "api" for a
    // host, so the 404 named /search, and //x/api/health was served as /api/health
    String base = server.uri("/").toString();
    assertError(404, "no such path: //api/search", server.send(HttpRequest.newBuilder(
        URI.create(base + "/api/search")).POST(HttpRequest.BodyPublishers.ofString(
            "{\"query\": \"x\"}")).header("Content-Type", "application/json").build()));
    assertError(404, "no such path: //x/api/health", server.send(HttpRequest.newBuilder(
        URI.create(base + "/x/api/health")).GET().build()));
    assertError(404, "no such path: //x/", server.send(HttpRequest.newBuilder(
        URI.create(base + "/x/")).GET().build()));
  }

  @Test
  void errorsQuoteAtMostAHundredCharactersOfAValue() throws Exception {
    String path = "/api/" + "p".repeat(20_000);
    assertShortError(404, "no such path: /api/ppp", "(20005 characters)", server.get(path));
    assertShortError(404, "no such path: /qqq", "(20001 characters)",
        server.get("/" + "q".repeat(20_000)));
    assertShortError(415, "got: 'text/xxx", "(10005 characters)",
        server.post("/api/search", "text/" + "x".repeat(10_000), "{}"));
    assertShortError(405, "MMM", "(5000 characters) is not allowed on /api/health",
        server.send(HttpRequest.newBuilder(server.uri("/api/health"))
            .method("M".repeat(5_000), HttpRequest.BodyPublishers.noBody()).build()));
    assertShortError(400, "unknown field 'fff", "(3000 characters)'", server.post("/api/search",
        "{\"query\": \"x\", \"" + "f".repeat(3_000) + "\": 1}"));
  }

  /** An error that quotes {@code head} and says the value's length, in a short body. */
  private static void assertShortError(int status, String head, String length,
      Response response) {
    assertError(status, head, response);
    assertTrue(response.error().contains("… " + length), response.error());
    assertTrue(response.body().length() < 500, response.body().length() + " characters");
  }

  @Test
  void badFieldsAre400AndNameTheField() throws Exception {
    assertError(400, "'query' is required", server.post("/api/search", "{}"));
    assertError(400, "'query' must be a string, got: 5",
        server.post("/api/search", "{\"query\": 5}"));
    String nothing = "query has no searchable text: it is empty or only spaces and control"
        + " characters";
    assertError(400, nothing, server.post("/api/search", "{\"query\": \" \"}"));
    assertError(400, nothing, server.post("/api/search", "{\"query\": \"\\u0001\\u0002\"}"));
    assertError(400, "'k' must be in [1, 1000], got: 0",
        server.post("/api/search", "{\"query\": \"" + SECRET + "\", \"k\": 0}"));
    assertError(400, "'k' must be an integer, got: 2.5",
        server.post("/api/search", "{\"query\": \"x\", \"k\": 2.5}"));
    assertError(400, "'k' must be in [1, 1000], got: a number out of range (beyond ±1.8E308)",
        server.post("/api/search", "{\"query\": \"x\", \"k\": -1e400}"));
    assertError(400, "unknown search mode: 'fast'; expected one of auto, bm25,",
        server.post("/api/search", "{\"query\": \"" + SECRET + "\", \"mode\": \"fast\"}"));
    assertError(400, "unknown field 'limit'",
        server.post("/api/search", "{\"query\": \"x\", \"limit\": 3}"));
    assertError(400, "'used' is required",
        server.post("/api/feedback", "{\"query\": \"" + SECRET + "\"}"));
    assertError(400, "'used' must name 1 to 100 chunk ids, got: 0",
        server.post("/api/feedback", "{\"query\": \"x\", \"used\": []}"));
    assertError(400, "each of 'used' must be a string, got: 7",
        server.post("/api/feedback", "{\"query\": \"x\", \"used\": [7]}"));
    assertError(400, "bad rating: 'sideways'", server.post("/api/feedback",
        "{\"query\": \"" + SECRET + "\", \"used\": [\"a\"], \"rating\": \"sideways\"}"));
    assertError(400, "'rating' must be a string or an integer, got: true", server.post(
        "/api/feedback", "{\"query\": \"x\", \"used\": [\"a\"], \"rating\": true}"));
    assertError(400, "a star rating must be 1 to 5, got: 7", server.post("/api/feedback",
        "{\"query\": \"x\", \"used\": [\"a\"], \"rating\": 7}"));
    assertError(400, "'quality' must be in [0.0, 1.0], got: 1.5", server.post("/api/feedback",
        "{\"query\": \"x\", \"used\": [\"a\"], \"quality\": 1.5}"));
    assertError(400, "unknown outcome: 'maybe'", server.post("/api/feedback",
        "{\"query\": \"x\", \"used\": [\"a\"], \"outcome\": \"maybe\"}"));
    assertError(400, "none of the used chunk ids is in the index: 'a'; a chunk's id changes with"
        + " its path or text", server.post("/api/feedback",
            "{\"query\": \"x\", \"used\": [\"a\"]}"));
    assertError(400, "'event_id' and its spelling 'eventId' are both given, with different"
        + " values", server.post("/api/feedback",
            "{\"query\": \"x\", \"used\": [\"a\"], \"event_id\": \"e1\", \"eventId\": \"e2\"}"));
    assertError(400, "'event_id' must be at most 128 characters", server.post("/api/feedback",
        "{\"query\": \"x\", \"used\": [\"a\"], \"event_id\": \"" + "e".repeat(150) + "\"}"));
    assertError(400, "'session' must not be blank; leave it out for none",
        server.post("/api/feedback", "{\"query\": \"x\", \"used\": [\"a\"], \"session\": \"\"}"));
    assertError(400, "the body is empty; send a JSON object ({} for no fields)",
        server.post("/api/feedback/reset", ""));
    assertError(400, "the body is empty", server.post("/api/search", " \n"));
    assertError(400, "unknown query class: 'poetry'",
        server.post("/api/feedback/reset", "{\"query_class\": \"poetry\"}"));
    assertError(400, "'query_class' is blank: name a class", // not: reset every class
        server.post("/api/feedback/reset", "{\"query_class\": \" \"}"));
    assertError(400, "limit must be in [1, 500], got: 0",
        server.get("/api/feedback/recent?limit=0"));
    assertError(400, "unknown parameter 'since'; accepted: limit",
        server.get("/api/feedback/recent?since=1"));
    assertError(400, "unknown parameter 'verbose'; this endpoint takes none",
        server.get("/api/health?verbose=1"));
    assertError(400, "parameter 'limit' is given twice",
        server.get("/api/feedback/recent?limit=1&limit=2"));
    assertEquals(200, server.get("/api/feedback/recent?limit=%32").status(), "decoded: 2");
    assertEquals(0, server.get("/api/feedback/stats").json().get("store").get("events").asLong(),
        "no bad request recorded anything");
  }
}
