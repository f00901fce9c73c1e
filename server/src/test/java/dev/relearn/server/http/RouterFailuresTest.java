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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A 500 says what failed when it is an I/O failure, and nothing of a bug's internals; no more
 * requests do engine work at once than the router has permits.
 */
class RouterFailuresTest {
  private static final String FULL =
      "cannot append to the feedback log /x/translog-1.log: No space left on device";

  private static final int PERMITS = 2;

  private final ByteArrayOutputStream log = new ByteArrayOutputStream();
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicInteger mostRunning = new AtomicInteger();
  private final CountDownLatch permitsTaken = new CountDownLatch(PERMITS);
  private final CountDownLatch morePermitsThanAllowed = new CountDownLatch(PERMITS + 1);
  private final ExecutorService exchanges = Executors.newVirtualThreadPerTaskExecutor();
  private HttpServer server;
  private NetworkDeadlines deadlines;

  @BeforeEach
  void start() throws IOException {
    JdkServerLimits.apply(); // as the server does, whichever test creates the first JDK server
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
    deadlines = new NetworkDeadlines(10_000, out);
    Router router = new Router(new DashboardFiles(),
        new JsonBodies(HttpApiConfig.defaults(), deadlines), out, new HostCheck(true), deadlines, PERMITS)
        .add("GET", "/api/full", (exchange, body) -> {
          throw new IOException(FULL);
        })
        .add("GET", "/api/bug", (exchange, body) -> {
          throw new NullPointerException("Cannot invoke \"Hit.path()\" because \"hit\" is null");
        })
        .add("GET", "/api/busy", (exchange, body) -> busy())
        .add("POST", "/api/wrapped", (body, parameters) -> {
          throw new IllegalStateException("the search failed", new IOException("cannot embed '"
              + body.get("query") + "': ONNX Runtime ran out of memory"));
        });
    server.createContext("/", router);
    server.setExecutor(exchanges);
    server.start();
  }

  /** Engine work that waits a while for more requests to join it than there are permits. */
  private Object busy() {
    mostRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
    permitsTaken.countDown();
    morePermitsThanAllowed.countDown();
    try {
      permitsTaken.await(60, TimeUnit.SECONDS); // the permitted ones run at once, however slow
      morePermitsThanAllowed.await(2, TimeUnit.SECONDS); // and one more never joins them
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      running.decrementAndGet();
    }
    return Map.of("ok", true);
  }

  @AfterEach
  void stop() {
    server.stop(0);
    exchanges.shutdownNow();
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
  void theLogNamesTheCauseButNeverTheQuery() throws Exception {
    HttpResponse<String> response;
    try (HttpClient client = HttpClient.newHttpClient()) {
      response = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
          + server.getAddress().getPort() + "/api/wrapped"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers
          .ofString("{\"query\": \"where are the signing keys\"}")).build(),
          HttpResponse.BodyHandlers.ofString());
    }
    assertEquals(500, response.statusCode());
    String logged = log.toString(StandardCharsets.UTF_8);
    assertTrue(logged.contains("relearn serve: 500 on POST /api/wrapped: IllegalStateException:"
        + " the search failed; caused by IOException: cannot embed '[the query, 26 characters]':"
        + " ONNX Runtime ran out of memory"), logged);
    assertFalse(logged.contains("signing keys"), logged);
    assertFalse(response.body().contains("signing keys"), response.body());
  }

  @Test
  void aBugSaysOnlyThatItHappened() throws Exception {
    HttpResponse<String> response = get("/api/bug");
    assertEquals(500, response.statusCode());
    assertTrue(response.body().contains("internal error: NullPointerException"),
        response.body());
    assertFalse(response.body().contains("Hit.path"), response.body());
  }

  @Test
  void noMoreRequestsWorkAtOnceThanPermits() throws Exception {
    ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();
    try {
      List<Future<HttpResponse<String>>> responses = new ArrayList<>();
      for (int i = 0; i < 2 * PERMITS; i++) {
        responses.add(clients.submit(() -> get("/api/busy")));
      }
      for (Future<HttpResponse<String>> response : responses) {
        assertEquals(200, response.get().statusCode());
      }
    } finally {
      clients.shutdownNow();
    }
    assertEquals(PERMITS, mostRunning.get());
  }
}
