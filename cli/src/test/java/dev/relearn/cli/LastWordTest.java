package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Once a thread has claimed standard error, it alone is heard there. */
class LastWordTest {
  private final ByteArrayOutputStream written = new ByteArrayOutputStream();
  private final LastWord stream = new LastWord(written);
  private final PrintStream err = new PrintStream(stream, true, StandardCharsets.UTF_8);

  @Test
  void everyThreadIsHeardUntilAClaim() throws Exception {
    err.println("main");
    onAnotherThread(() -> err.println("other"));
    assertEquals("main\nother\n", said());
  }

  @Test
  void afterAClaimOnlyTheClaimingThreadIsHeard() throws Exception {
    err.println("embedding: 0/24");
    onAnotherThread(() -> {
      stream.claimForCurrentThread();
      err.println("relearn: stopped by SIGTERM");
    });
    err.println("embedding: done in 0 s");
    err.write('x');
    assertEquals("embedding: 0/24\nrelearn: stopped by SIGTERM\n", said());
  }

  @Test
  void aClaimWithoutAnInstalledStreamChangesNothing() {
    LastWord.claim(); // the test JVM's System.err is not one: nothing to claim
    err.println("still heard");
    assertEquals("still heard\n", said());
  }

  private String said() {
    return written.toString(StandardCharsets.UTF_8);
  }

  private static void onAnotherThread(Runnable task) throws InterruptedException {
    Thread thread = new Thread(task);
    thread.start();
    thread.join();
  }
}
