package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.server.http.TestServer.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HEAD answers as GET does, without the body; a server on a loopback address refuses requests
 * naming another host (DNS rebinding), which the JDK client cannot send: those go over a socket.
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
    String refused = raw("/api/health", "attacker.example:" + server.server.port());
    assertTrue(refused.startsWith("HTTP/1.1 403"), refused);
    assertTrue(refused.contains("Host 'attacker.example:" + server.server.port()
        + "' is not served"), refused);
    String search = rawPost("/api/search", "rebound.example", "{\"query\": \"rotate keys\"}");
    assertTrue(search.startsWith("HTTP/1.1 403"), search);
    assertFalse(search.contains("signing"), "no index text for another host: " + search);
    for (String host : new String[] {"localhost", "LOCALHOST:" + server.server.port(),
        "127.0.0.1", "127.0.0.1:" + server.server.port(), "[::1]:" + server.server.port(),
        "app.localhost"}) {
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
  void otherAddressesServeEveryHostName() {
    new HostCheck(false).require("attacker.example");
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
    try (Socket socket = new Socket("127.0.0.1", server.server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
