package dev.relearn.server.http;

import static dev.relearn.server.http.RawSockets.assertHealthy;
import static dev.relearn.server.http.RawSockets.assertOpen;
import static dev.relearn.server.http.RawSockets.readUntilClosed;
import static dev.relearn.server.http.RawSockets.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK server's limits relearn sets ({@link JdkServerLimits}), which bound the memory clients
 * can make it hold: open connections and header size. Without them it took any number of
 * connections and 380 KiB of headers on each. Requests the JDK server drops unanswered (too many
 * header lines, bare line feeds) are pinned: closed unanswered, the server unharmed (docs/HTTP.md
 * states the limits).
 */
class HttpLimitsTest {
  @TempDir Path tmp;

  @Test
  void aConnectionPastTheCapIsClosedAndTheOthersKept() throws Exception {
    try (TestServer server = TestServer.start(tmp)) {
      List<Socket> held = new ArrayList<>();
      try {
        for (int i = 0; i < JdkServerLimits.MAX_CONNECTIONS; i++) {
          held.add(send(server, "")); // connected, silent
        }
        try (Socket extra = send(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n")) {
          assertEquals("", readUntilClosed(extra), "no answer past the cap");
        }
        for (Socket socket : held) {
          assertOpen(socket); // the cap, not the idle limit, closed the extra one
        }
      } finally {
        for (Socket socket : held) {
          socket.close();
        }
      }
      awaitHealthy(server);
    }
  }

  @Test
  void connectionsClosedMidRequestFreeTheirPlaceUnderTheCap() throws Exception {
    // Clients that stall in their body until the deadline, or end it early, one batch after the
    // other: more in all than the cap, never near it at once. The JDK server counted each one
    // against the cap for good (their handler returned instead of throwing), so that past 512 it
    // closed every new connection unanswered, health checks included, until restarted.
    int limitMillis = 300;
    String halfBody = "POST /api/search HTTP/1.1\r\nHost: localhost\r\n"
        + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"query\": ";
    int batch = JdkServerLimits.MAX_CONNECTIONS / 4;
    try (TestServer server = TestServer.start(tmp, HttpApiConfig.defaults()
        .withAddress("127.0.0.1", 0).withNetworkTimeoutMillis(limitMillis))) {
      for (int round = 0; round < 6; round++) {
        List<Socket> clients = new ArrayList<>();
        try {
          for (int i = 0; i < batch; i++) {
            clients.add(send(server, halfBody));
          }
          for (Socket socket : clients) {
            if (round % 2 == 1) {
              socket.shutdownOutput(); // the body ends early
            }
            readUntilClosed(socket);
          }
        } finally {
          for (Socket socket : clients) {
            socket.close();
          }
        }
      }
      String log = server.log();
      assertTrue(log.contains("the client kept the server waiting over " + limitMillis + " ms"),
          log);
      assertTrue(log.contains("the client closed the connection"), log);
      assertHealthy(server);
    }
  }

  @Test
  void headersOverTheLimitCloseTheConnectionUnanswered() throws Exception {
    try (TestServer server = TestServer.start(tmp)) {
      String big = "X-Big: " + "b".repeat(JdkServerLimits.MAX_HEADER_BYTES) + "\r\n";
      try (Socket socket = send(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\n" + big
          + "\r\n")) {
        assertEquals("", readUntilClosed(socket));
      }
      String fits = "X-Fits: " + "f".repeat(JdkServerLimits.MAX_HEADER_BYTES / 2) + "\r\n";
      try (Socket socket = send(server, "GET /api/health HTTP/1.1\r\nHost: localhost\r\n"
          + "Connection: close\r\n" + fits + "\r\n")) {
        String answer = readUntilClosed(socket);
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
      }
    }
  }

  @Test
  void tooManyHeaderLinesCloseTheConnectionUnanswered() throws Exception {
    try (TestServer server = TestServer.start(tmp)) {
      StringBuilder request = new StringBuilder("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
      for (int i = 0; i < 5_000; i++) {
        request.append("X-Line-").append(i).append(": v\r\n");
      }
      ExecutorService writer = Executors.newVirtualThreadPerTaskExecutor();
      try (Socket socket = new Socket("127.0.0.1", server.server.uri().getPort())) {
        // the server may close before it has read everything: then this write fails, as expected
        writer.submit(() -> {
          socket.getOutputStream().write(request.append("\r\n").toString()
              .getBytes(StandardCharsets.US_ASCII));
          return null;
        });
        assertEquals("", readUntilClosed(socket));
      } finally {
        writer.shutdownNow();
      }
      assertHealthy(server);
    }
  }

  @Test
  void bareLineFeedsAreClosedAtTheDeadlineUnanswered() throws Exception {
    int limitMillis = 1_000;
    try (TestServer server = TestServer.start(tmp, HttpApiConfig.defaults()
        .withAddress("127.0.0.1", 0).withNetworkTimeoutMillis(limitMillis))) {
      // the JDK server ends a line at CR LF only: this is half a request line to it
      try (Socket socket = send(server, "GET /api/health HTTP/1.1\nHost: localhost\n\n")) {
        assertEquals("", readUntilClosed(socket));
      }
      String closed = "request did not arrive within " + limitMillis + " ms";
      String log = server.logOnce(closed);
      assertTrue(log.contains(closed), log);
      assertHealthy(server);
    }
  }

  /** Health checks until one is answered: the server notices closed connections on its own. */
  private static void awaitHealthy(TestServer server) throws Exception {
    long deadline = System.nanoTime() + RawSockets.PATIENCE.toNanos();
    while (true) {
      try {
        assertHealthy(server);
        return;
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(20);
      }
    }
  }
}
