package dev.relearn.server.http;

import static dev.relearn.server.http.RawSockets.PATIENCE;
import static dev.relearn.server.http.RawSockets.assertHealthy;
import static dev.relearn.server.http.RawSockets.assertOpen;
import static dev.relearn.server.http.RawSockets.readUntilClosed;
import static dev.relearn.server.http.RawSockets.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that keep the server waiting (half a request, a body that never comes, answers they do
 * not read) lose their connection after the network time limit, and meanwhile delay no one else.
 * Before the limit, as many such clients as workers left the server deaf for good; before each
 * request had a thread of its own, each held one of the few workers until the limit.
 */
class HttpSlowClientTest {
  private static final int THREADS = 2;
  private static final String BODY = "{\"query\": \"SLOWQUERY rotate keys\"}";
  /** Requests that never end: headers cut off, a body cut off, a body (never read) not sent. */
  private static final List<String> STALLED = List.of(
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\n",
      "POST /api/search HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
          + "Content-Length: 200\r\n\r\n" + BODY,
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 50\r\n\r\n");
  // far above a loaded machine's delay between a well-behaved client's connect and its request
  private static final int LIMIT_MILLIS = 1000;

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
      List<Socket> slow = new ArrayList<>();
      try {
        for (int i = 0; i < THREADS; i++) {
          for (String request : STALLED) {
            slow.add(send(server, request));
          }
        }
        assertHealthy(server);
        for (Socket socket : slow) {
          readUntilClosed(socket); // what came before the end does not matter
        }
        assertHealthy(server);
      } finally {
        for (Socket socket : slow) {
          socket.close();
        }
      }
      String arrived = "request did not arrive within " + LIMIT_MILLIS + " ms";
      String waited = "POST /api/search: the client kept the server waiting over " + LIMIT_MILLIS
          + " ms";
      assertTrue(server.logOnce(arrived).contains(arrived), server.log());
      String log = server.logOnce(waited);
      assertTrue(log.contains(waited), log);
      assertFalse(log.contains("SLOWQUERY"), log);
    }
  }

  @Test
  void twoHundredStalledClientsDelayNoOne() throws Exception {
    // the default engine threads, and a limit the test never reaches: the clients stay connected
    try (TestServer server = TestServer.start(tmp, HttpApiConfig.defaults()
        .withAddress("127.0.0.1", 0).withNetworkTimeoutMillis((int) PATIENCE.toMillis() * 2))) {
      List<Socket> slow = new ArrayList<>();
      try {
        for (int i = 0; i < 200; i++) {
          slow.add(send(server, STALLED.get(i % STALLED.size())));
        }
        long start = System.nanoTime();
        assertHealthy(server); // gave up after the patience: before every stalled one ended
        System.out.printf("health answered in %.1f ms while 200 stalled clients were"
            + " connected%n", (System.nanoTime() - start) / 1e6);
        for (Socket socket : slow) {
          assertOpen(socket);
        }
      } finally {
        for (Socket socket : slow) {
          socket.close();
        }
      }
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
          socket.connect(new InetSocketAddress("127.0.0.1", server.server.uri().getPort()));
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
          readUntilClosed(socket); // what came before the end does not matter
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

  @Test
  void aClientThatResetsWhileAnsweredIsNoServerError() throws Exception {
    assertHangingUpOnAnswersIsNoServerError(true);
  }

  @Test
  void aClientThatClosesWhileAnsweredIsNoServerError() throws Exception {
    assertHangingUpOnAnswersIsNoServerError(false);
  }

  /**
   * A client that pipelines requests, reads a little of the answers and goes away with a reset or
   * a close (which, with answers unread, resets too): the server's write fails ("Connection reset
   * by peer", "Broken pipe"), which was logged as a 500.
   */
  private void assertHangingUpOnAnswersIsNoServerError(boolean reset) throws Exception {
    try (TestServer server = start((int) PATIENCE.toMillis())) {
      byte[] requests = "GET /static/dashboard.js HTTP/1.1\r\nHost: localhost\r\n\r\n"
          .repeat(3_000).getBytes(StandardCharsets.US_ASCII);
      ExecutorService writer = Executors.newVirtualThreadPerTaskExecutor();
      try (Socket socket = new Socket()) {
        socket.setReceiveBufferSize(4096);
        socket.connect(new InetSocketAddress("127.0.0.1", server.server.uri().getPort()));
        writer.submit(() -> {
          socket.getOutputStream().write(requests); // ends when the socket closes
          return null;
        });
        socket.getInputStream().readNBytes(1024); // the server is answering
        socket.setSoLinger(reset, 0);
      } finally {
        writer.shutdownNow();
      }
      assertLoggedAsClosedByTheClient(server, "GET /static/dashboard.js");
    }
  }

  /** A client that goes away inside its body, with a reset (as a killed one) or a close. */
  private void assertGoingAwayMidBodyIsNoServerError(boolean reset) throws Exception {
    // a limit the client's end comes long before, however slow the machine
    try (TestServer server = start((int) PATIENCE.toMillis())) {
      Socket socket = send(server, "POST /api/search HTTP/1.1\r\nHost: localhost\r\n"
          + "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"query\": \"RESET");
      awaitBodyRead(tmp); // the server is reading the body
      if (reset) {
        socket.setSoLinger(true, 0);
      }
      socket.close();
      assertLoggedAsClosedByTheClient(server, "POST /api/search");
      assertFalse(server.log().contains("RESET"), server.log());
    }
  }

  /** {@code request} is logged as closed by the client, not as a 500, and the server serves. */
  private static void assertLoggedAsClosedByTheClient(TestServer server, String request)
      throws Exception {
    String closed = request + ": the client closed the connection";
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!server.log().contains(closed) && !server.log().contains("500")
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(server.log().contains(closed), server.log());
    assertFalse(server.log().contains("500"), server.log());
    assertHealthy(server);
  }

  /**
   * Waits until a request's thread is inside a body's read (the JSON endpoints' reader), seen in
   * a thread dump that, unlike {@link Thread#getAllStackTraces}, holds virtual threads.
   */
  private static void awaitBodyRead(Path tmp) throws Exception {
    HotSpotDiagnosticMXBean diagnostics =
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    for (int i = 0; System.nanoTime() < deadline; i++) {
      Path dump = tmp.resolve("threads-" + i + ".json").toAbsolutePath();
      diagnostics.dumpThreads(dump.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
      if (Files.readString(dump).contains(JsonBodies.class.getName() + ".")) {
        return;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("no request began reading its body within " + PATIENCE);
  }
}
