package dev.relearn.server.http;

import static dev.relearn.server.http.RawSockets.assertHealthy;
import static dev.relearn.server.http.RawSockets.assertOpen;
import static dev.relearn.server.http.RawSockets.readUntilClosed;
import static dev.relearn.server.http.RawSockets.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK server's limits relearn sets ({@link JdkServerLimits}), which bound the memory clients
 * can make it hold: open connections and header size. Without them it took any number of
 * connections and 380 KiB of headers on each.
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
