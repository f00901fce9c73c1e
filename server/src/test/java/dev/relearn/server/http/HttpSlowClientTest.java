package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that keep a worker waiting (half a request, a body that never comes, answers they do not
 * read) lose their connection after the network time limit, and the server goes on answering.
 * Before the limit, as many such clients as workers left the server deaf for good.
 */
class HttpSlowClientTest {
  private static final int THREADS = 2;
  // far above a loaded machine's delay between a well-behaved client's connect and its request
  private static final int LIMIT_MILLIS = 1000;
  // how long the test waits for what it expects: a liveness bound, far above the normal
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @TempDir Path tmp;

  private TestServer start() throws IOException {
    return start(LIMIT_MILLIS);
  }

  private TestServer start(int limitMillis) throws IOException {
    return TestServer.start(tmp, HttpApiConfig.defaults().withAddress("127.0.0.1", 0)
        .withThreads(THREADS).withNetworkTimeoutMillis(limitMillis));
  }

  @Test
  void halfSentRequestsAreClosedAndOthersAnswered() throws Exception {
    try (TestServer server = start()) {
      String body = "{\"query\": \"SLOWQUERY rotate keys\"}";
      List<Socket> slow = new ArrayList<>();
      try {
        for (int i = 0; i < THREADS; i++) {
          // headers cut off
          slow.add(send(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\n"));
          // a body cut off
          slow.add(send(server, "POST /api/search HTTP/1.1\r\nHost: localhost\r\nContent-Type:"
              + " application/json\r\nContent-Length: 200\r\n\r\n" + body));
          // a body the endpoint does not read, never sent: closing the exchange waits for it
          slow.add(send(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length:"
              + " 50\r\n\r\n"));
        }
        assertHealthy(server);
        for (Socket socket : slow) {
          assertClosedByServer(socket);
        }
        assertHealthy(server);
      } finally {
        for (Socket socket : slow) {
          socket.close();
        }
      }
      String log = server.log();
      assertTrue(log.contains("request did not arrive within " + LIMIT_MILLIS + " ms"), log);
      assertTrue(log.contains("POST /api/search: the client kept the server waiting over "
          + LIMIT_MILLIS + " ms"), log);
      assertFalse(log.contains("SLOWQUERY"), log);
    }
  }

  @Test
  void answersNotReadAreDroppedAndOthersAnswered() throws Exception {
    try (TestServer server = start()) {
      // pipelined requests for far more than the sockets' buffers hold, and no reading
      byte[] requests = "GET /static/dashboard.js HTTP/1.1\r\nHost: localhost\r\n\r\n"
          .repeat(3_000).getBytes(StandardCharsets.US_ASCII);
      List<Socket> clients = new ArrayList<>();
      ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor();
      try {
        for (int i = 0; i < THREADS; i++) {
          Socket socket = new Socket();
          socket.setReceiveBufferSize(4096);
          socket.connect(new InetSocketAddress("127.0.0.1", server.server.port()));
          clients.add(socket);
          writers.submit(() -> {
            socket.getOutputStream().write(requests); // blocks once the server stops reading
            return null;
          });
        }
        // reading now would unblock the server: first wait for it to give up on both clients
        String dropped = "GET /static/dashboard.js: the client kept the server waiting over "
            + LIMIT_MILLIS + " ms";
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (server.log().split(dropped, -1).length - 1 < THREADS
            && System.nanoTime() < deadline) {
          Thread.sleep(20);
        }
        assertEquals(THREADS, server.log().split(dropped, -1).length - 1, server.log());
        assertHealthy(server);
        for (Socket socket : clients) {
          assertClosedByServer(socket);
        }
      } finally {
        for (Socket socket : clients) {
          socket.close();
        }
        writers.shutdownNow();
      }
    }
  }

  @Test
  void aClientThatResetsMidBodyIsNoServerError() throws Exception {
    assertGoingAwayMidBodyIsNoServerError(true);
  }

  @Test
  void aClientThatClosesMidBodyIsNoServerError() throws Exception {
    assertGoingAwayMidBodyIsNoServerError(false); // was logged as a 500
  }

  /** A client that goes away inside its body, with a reset (as a killed one) or a close. */
  private void assertGoingAwayMidBodyIsNoServerError(boolean reset) throws Exception {
    // a limit the client's end comes long before, however slow the machine
    try (TestServer server = start((int) PATIENCE.toMillis())) {
      Socket socket = send(server, "POST /api/search HTTP/1.1\r\nHost: localhost\r\n"
          + "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"query\": \"RESET");
      awaitBodyRead(); // the worker is reading the body
      if (reset) {
        socket.setSoLinger(true, 0);
      }
      socket.close();
      String closed = "POST /api/search: the client closed the connection";
      long deadline = System.nanoTime() + PATIENCE.toNanos();
      while (!server.log().contains(closed) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(server.log().contains(closed), server.log());
      assertFalse(server.log().contains("500"), server.log());
      assertFalse(server.log().contains("RESET"), server.log());
      assertHealthy(server);
    }
  }

  /** A health check answered while slow clients hold (or held) every worker. */
  private static void assertHealthy(TestServer server) throws Exception {
    TestServer.Response health = server.send(HttpRequest.newBuilder(server.uri("/api/health"))
        .timeout(PATIENCE).GET().build());
    assertEquals(200, health.status(), health.body());
  }

  /** Waits until a worker is inside a request body's read (the JSON endpoints' reader). */
  private static void awaitBodyRead() throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (System.nanoTime() < deadline) {
      for (StackTraceElement[] stack : Thread.getAllStackTraces().values()) {
        for (StackTraceElement frame : stack) {
          if (frame.getClassName().equals(JsonBodies.class.getName())) {
            return;
          }
        }
      }
      Thread.sleep(10);
    }
    throw new AssertionError("no worker began reading the request body within " + PATIENCE);
  }

  /** Reads {@code socket} to its end: the server must close it well within the patience. */
  private static void assertClosedByServer(Socket socket) throws IOException {
    socket.setSoTimeout((int) PATIENCE.toMillis());
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[1 << 16];
    try {
      while (in.read(buffer) >= 0) {
        // what came before the end (an answer, or part of one) does not matter
      }
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the server kept the connection of a stalled client open", e);
    } catch (SocketException reset) {
      // closed by the server with unread data: a reset
    }
  }

  private static Socket send(TestServer server, String text) throws IOException {
    Socket socket = new Socket("127.0.0.1", server.server.port());
    socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    socket.getOutputStream().flush();
    return socket;
  }
}
