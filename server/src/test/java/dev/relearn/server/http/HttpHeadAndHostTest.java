package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.Relearn;
import dev.relearn.server.http.TestServer.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HEAD answers as GET does, without the body; a server on a loopback address refuses requests
 * naming another host (DNS rebinding), which the JDK client cannot send: those go over a socket;
 * requests from another origin's page are refused.
 */
class HttpHeadAndHostTest {
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

  private static Response head(String path) throws Exception {
    return server.send(HttpRequest.newBuilder(server.uri(path))
        .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
  }

  @Test
  void headAnswersLikeGetWithoutABody() throws Exception {
    for (String path : new String[] {"/", "/static/dashboard.js", "/api/health",
        "/api/feedback/stats", "/api/feedback/recent?limit=3"}) {
      Response get = server.get(path);
      Response head = head(path);
      assertEquals(200, head.status(), path);
      assertEquals("", head.body(), path);
      assertEquals(get.headers().firstValue("Content-Type"),
          head.headers().firstValue("Content-Type"), path);
    }
    assertEquals(String.valueOf(server.get("/").body().getBytes(StandardCharsets.UTF_8).length),
        head("/").headers().firstValue("Content-Length").orElse(""));
    Response post = head("/api/search");
    assertEquals(405, post.status());
    assertEquals("POST", post.headers().firstValue("Allow").orElse(""));
    assertEquals("GET, HEAD", server.post("/api/health", "{}").headers()
        .firstValue("Allow").orElse(""));
    assertEquals(404, head("/nothing").status());
    assertFalse(server.log().contains("HEAD"), server.log());
  }

  @Test
  void loopbackServerRefusesOtherHostNames() throws Exception {
    int port = server.server.uri().getPort();
    String refused = raw("/api/health", "attacker.example:" + port);
    assertTrue(refused.startsWith("HTTP/1.1 403"), refused);
    assertTrue(refused.contains("Host 'attacker.example:" + port + "' is not served"), refused);
    String search = rawPost("/api/search", "rebound.example", "{\"query\": \"rotate keys\"}");
    assertTrue(search.startsWith("HTTP/1.1 403"), search);
    assertFalse(search.contains("signing"), "no index text for another host: " + search);
    for (String host : new String[] {"localhost", "LOCALHOST:" + port,
        "127.0.0.1", "127.0.0.1:" + port, "[::1]:" + port, "app.localhost"}) {
      String answer = raw("/api/health", host);
      assertTrue(answer.startsWith("HTTP/1.1 200"), host + ": " + answer);
    }
    assertFalse(HostCheck.isLoopback("127.0.0.1.attacker.example"));
    assertFalse(HostCheck.isLoopback("localhost.attacker.example"));
    assertFalse(HostCheck.isLoopback("[::1].example"));
    assertEquals(0, server.get("/api/feedback/stats").json().get("store").get("events")
        .asLong());
  }

  @Test
  void everySpellingOfAnIpv6LoopbackIsServedAndNothingBeyondIt() {
    for (String host : new String[] {"[::1]", "[0:0:0:0:0:0:0:1]:7700", "[0::1]",
        "[::ffff:127.0.0.1]:80", "[::FFFF:7f00:1]", "localhost:", "localhost.:7700"}) {
      assertTrue(HostCheck.isLoopback(host), host);
    }
    for (String host : new String[] {"[::2]", "[::]", "[fe80::1%25eth0]", "[localhost]",
        "[::1]:7700.attacker.example", "localhost:7700.attacker.example", "localhost:x",
        "127.0.0.1:80:80", "[::ffff:10.0.0.1]", "[::1"}) {
      assertFalse(HostCheck.isLoopback(host), host);
    }
  }

  @Test
  void aServerOnIpv6LoopbackAnswersAtItsOwnUri() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("v6-index"), TestServer.hashing())) {
      HttpApiServer v6;
      try {
        v6 = HttpApiServer.start(relearn, HttpApiConfig.defaults().withAddress("::1", 0),
            System.err);
      } catch (IOException noIpv6) {
        Assumptions.abort("no IPv6 loopback here: " + noIpv6);
        return;
      }
      try (v6; HttpClient client = HttpClient.newHttpClient()) {
        assertEquals("[::1]", v6.uri().getHost());
        // Java's client names the host as the URI spells it: the long form was refused
        URI longForm = URI.create("http://[0:0:0:0:0:0:0:1]:" + v6.uri().getPort() + "/api/health");
        for (URI uri : new URI[] {v6.uri().resolve("/api/health"), longForm}) {
          HttpResponse<String> health = client.send(HttpRequest.newBuilder(uri).build(),
              HttpResponse.BodyHandlers.ofString());
          assertEquals(200, health.statusCode(), uri + ": " + health.body());
        }
      }
    }
  }

  @Test
  void otherAddressesServeEveryHostName() {
    new HostCheck(false).require(List.of("attacker.example"), null);
  }

  @Test
  void aRequestWithTwoHostHeadersIsRefused() throws Exception {
    String twice = exchange("GET /api/health HTTP/1.1\r\nHost: localhost\r\nHost:"
        + " attacker.example\r\nConnection: close\r\n\r\n");
    assertTrue(twice.startsWith("HTTP/1.1 400"), twice);
    assertTrue(twice.contains("a request must have one Host header, got 2"), twice);
  }

  @Test
  void requestsFromAnotherOriginAreRefused() throws Exception {
    String own = "http://127.0.0.1:" + server.server.uri().getPort();
    String[][] requests = {{"/api/feedback/reset", "{}"}, {"/api/search", "{\"query\": \"keys\"}"},
        {"/api/feedback", "{\"query\": \"keys\", \"used\": [\"keys.md#x\"]}"}};
    for (String[] request : requests) {
      for (String origin : new String[] {"http://evil.example", "null", own + "/", "https:"
          + own.substring(5), "http://localhost:" + server.server.uri().getPort()}) {
        Response refused = server.send(HttpRequest.newBuilder(server.uri(request[0]))
            .header("Content-Type", "application/json").header("Origin", origin)
            .POST(HttpRequest.BodyPublishers.ofString(request[1])).build());
        assertEquals(403, refused.status(), origin + " " + request[0]);
        assertTrue(refused.error().contains("Origin '" + origin + "' is not this server's"),
            refused.error());
      }
    }
    assertEquals(0, server.get("/api/feedback/stats").json().get("store").get("events").asLong());
    Response same = server.send(HttpRequest.newBuilder(server.uri("/api/search"))
        .header("Content-Type", "application/json").header("Origin", own)
        .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"keys\"}")).build());
    assertEquals(200, same.status(), same.body()); // the dashboard's own fetches
    assertEquals(200, server.post("/api/search", "{\"query\": \"keys\"}").status()); // none
  }

  @Test
  void anOriginIsTheServersOwnWhenItNamesTheHostAndPort() {
    assertTrue(HostCheck.sameOrigin("http://localhost:7700", "localhost:7700"));
    assertTrue(HostCheck.sameOrigin("HTTP://LocalHost:7700", "localhost:7700"));
    assertTrue(HostCheck.sameOrigin("http://[::1]:7700", "[::1]:7700"));
    assertTrue(HostCheck.sameOrigin("http://localhost", "localhost:80"));
    assertFalse(HostCheck.sameOrigin("http://localhost:7701", "localhost:7700"));
    assertFalse(HostCheck.sameOrigin("http://evil.example:7700", "localhost:7700"));
    assertFalse(HostCheck.sameOrigin("http://user@localhost:7700", "localhost:7700"));
    assertFalse(HostCheck.sameOrigin("null", "localhost:7700"));
    assertFalse(HostCheck.sameOrigin("http://localhost:7700", "localhost:x"));
  }

  private static String raw(String path, String host) throws IOException {
    return exchange("GET " + path + " HTTP/1.1\r\nHost: " + host
        + "\r\nConnection: close\r\n\r\n");
  }

  private static String rawPost(String path, String host, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    return exchange("POST " + path + " HTTP/1.1\r\nHost: " + host
        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
        + "\r\nConnection: close\r\n\r\n" + json);
  }

  private static String exchange(String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.server.uri().getPort())) {
      socket.setSoTimeout(60_000); // a liveness bound for a loaded machine
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
