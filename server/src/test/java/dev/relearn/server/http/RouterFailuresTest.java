package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A 500 says what failed when it is an I/O failure, and nothing of a bug's internals. */
class RouterFailuresTest {
  private static final String FULL =
      "cannot append to the feedback log /x/translog-1.log: No space left on device";

  private final ByteArrayOutputStream log = new ByteArrayOutputStream();
  private HttpServer server;
  private NetworkDeadlines deadlines;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
    deadlines = new NetworkDeadlines(10_000, out);
    Router router = new Router(new DashboardFiles(),
        new JsonBodies(HttpApiConfig.defaults(), deadlines), out, new HostCheck(true), deadlines)
        .add("GET", "/api/full", exchange -> {
          throw new IOException(FULL);
        })
        .add("GET", "/api/bug", exchange -> {
          throw new NullPointerException("Cannot invoke \"Hit.path()\" because \"hit\" is null");
        });
    server.createContext("/", router);
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
    deadlines.close();
  }

  private HttpResponse<String> get(String path) throws Exception {
    try (HttpClient client = HttpClient.newHttpClient()) {
      return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
          + server.getAddress().getPort() + path)).build(), HttpResponse.BodyHandlers.ofString());
    }
  }

  @Test
  void anIoFailureIsNamed() throws Exception {
    HttpResponse<String> response = get("/api/full");
    assertEquals(500, response.statusCode());
    assertTrue(response.body().contains("No space left on device"), response.body());
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("500 on GET /api/full"));
  }

  @Test
  void aBugSaysOnlyThatItHappened() throws Exception {
    HttpResponse<String> response = get("/api/bug");
    assertEquals(500, response.statusCode());
    assertTrue(response.body().contains("internal error: NullPointerException"),
        response.body());
    assertFalse(response.body().contains("Hit.path"), response.body());
  }
}
