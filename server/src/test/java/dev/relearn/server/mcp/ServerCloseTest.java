package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RelearnMcpServer#close()} returns only once the answer to a call it let finish is out:
 * on SIGTERM the process halts right after it, and the SDK writes an answer after its call
 * returns, so a client used to lose the answer to a call sent just before the signal.
 */
@Timeout(60)
class ServerCloseTest {
  @TempDir Path tmp;

  @Test
  void closeWaitsForTheAnswerOfACallThatFinished() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate signing keys every 90 days.\n");
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      RelearnMcpServer server = new RelearnMcpServer(relearn, "close-test");
      PipedOutputStream client = new PipedOutputStream();
      PipedInputStream in = new PipedInputStream(client, 1 << 16);
      SlowAnswer out = new SlowAnswer("\"id\":2,");
      Thread serving = Thread.ofPlatform().start(() -> {
        try {
          server.serve(in, out, "test");
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      client.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{"
          + "\"name\":\"t\",\"version\":\"1\"}}}\n"
          + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
          + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
          + "\"search\",\"arguments\":{\"query\":\"signing keys\"}}}\n")
          .getBytes(StandardCharsets.UTF_8));
      client.flush();
      assertTrue(out.writing.await(30, TimeUnit.SECONDS), "the call was answered");
      server.close(); // as the stop on SIGTERM does, with the answer still being written
      assertTrue(out.said().contains("\"id\":2,\"result\""),
          "closed before its answer was out: " + out.said());
      client.close();
      serving.join();
    }
  }

  /** Output whose write of the line holding {@code marker} takes a while. */
  private static final class SlowAnswer extends OutputStream {
    private final String marker;
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    final CountDownLatch writing = new CountDownLatch(1);

    SlowAnswer(String marker) {
      this.marker = marker;
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      if (new String(b, off, len, StandardCharsets.UTF_8).contains(marker)) {
        writing.countDown();
        try {
          Thread.sleep(500);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      synchronized (written) {
        written.write(b, off, len);
      }
    }

    String said() {
      synchronized (written) {
        return written.toString(StandardCharsets.UTF_8);
      }
    }

    @Override
    public void flush() throws IOException {}
  }
}
