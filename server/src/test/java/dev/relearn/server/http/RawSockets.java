package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Plain-socket clients for tests of what the JDK server does with odd or stalled requests. */
final class RawSockets {
  /** How long a test waits for what it expects: a liveness bound, far above the normal. */
  static final Duration PATIENCE = Duration.ofSeconds(60);

  private RawSockets() {}

  /** A connection to {@code server} that has sent {@code text} (UTF-8) and nothing more. */
  static Socket send(TestServer server, String text) throws IOException {
    Socket socket = new Socket("127.0.0.1", server.server.uri().getPort());
    socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    socket.getOutputStream().flush();
    return socket;
  }

  /**
   * What the server sent on {@code socket} before closing it (ISO-8859-1); the server must close
   * it well within the patience.
   */
  static String readUntilClosed(Socket socket) throws IOException {
    socket.setSoTimeout((int) PATIENCE.toMillis());
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    byte[] buffer = new byte[1 << 16];
    try {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        received.write(buffer, 0, n);
      }
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the server kept the connection open", e);
    } catch (SocketException reset) {
      // closed by the server with unread data: a reset
    }
    return received.toString(StandardCharsets.ISO_8859_1);
  }

  /** Reads what {@code socket} has (an answer, or nothing): the server must not have closed it. */
  static void assertOpen(Socket socket) throws IOException {
    socket.setSoTimeout(1);
    byte[] buffer = new byte[1 << 16];
    try {
      while (true) {
        assertTrue(socket.getInputStream().read(buffer) >= 0,
            "the server closed a connection before its limit");
      }
    } catch (SocketTimeoutException e) {
      // nothing more to read, and still open
    }
  }

  /** A health check answered (within the patience). */
  static void assertHealthy(TestServer server) throws Exception {
    TestServer.Response health = server.send(HttpRequest.newBuilder(server.uri("/api/health"))
        .timeout(PATIENCE).GET().build());
    assertEquals(200, health.status(), health.body());
  }
}
