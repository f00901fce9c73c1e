package dev.relearn.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping the server lets the requests in flight finish (docs/HTTP.md: Ctrl-C, SIGTERM or
 * SIGHUP) and refuses new ones (503). Before, it gave them one second, then closed their
 * connections: a request still running lost its answer, even a feedback event already recorded
 * (the client saw the connection closed and the log blamed the client).
 */
class HttpStopTest {
  @TempDir Path tmp;

  @Test
  void aRequestInFlightIsAnsweredWhileTheServerStops() throws Exception {
    TestServer server = TestServer.start(tmp);
    String body = "{\"query\": \"rotate keys\", \"k\": 1}";
    Socket socket = RawSockets.send(server, "POST /api/search HTTP/1.1\r\nHost: 127.0.0.1:"
        + server.server.uri().getPort() + "\r\nContent-Type: application/json\r\n"
        + "Content-Length: " + body.length() + "\r\n\r\n" + body.substring(0, 5));
    Thread.sleep(300); // in flight: its handler reads the rest of the body
    Thread stopping = Thread.ofPlatform().start(() -> {
      try {
        server.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    Thread.sleep(1_500); // longer than the second the server gave before
    TestServer.Response late = server.get("/api/health"); // meanwhile, new requests are refused
    assertEquals(503, late.status(), late.body());
    assertTrue(late.error().startsWith("the server is stopping"), late.error());
    socket.getOutputStream().write(body.substring(5).getBytes(StandardCharsets.UTF_8));
    socket.getOutputStream().flush();
    String answer = RawSockets.readUntilClosed(socket);
    stopping.join();
    assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
    assertTrue(answer.contains("\"hits\""), answer);
  }
}
