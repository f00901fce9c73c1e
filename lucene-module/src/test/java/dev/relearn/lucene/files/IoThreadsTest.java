package dev.relearn.lucene.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File work handed to {@link IoThreads} survives the caller's interrupts. */
class IoThreadsTest {
  @TempDir Path tmp;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void anInterruptedCallerClosesItsChannelButNotOneWrittenThroughIoThreads() throws Exception {
    Path file = tmp.resolve("log");
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.WRITE)) {
      Thread.currentThread().interrupt();
      assertEquals(5, (int) IoThreads.call(() -> channel.write(bytes("first"))));
      assertTrue(Thread.currentThread().isInterrupted(), "the caller keeps its interrupt");
      assertTrue(channel.isOpen());
      assertThrows(ClosedByInterruptException.class, () -> channel.write(bytes("second")),
          "written on the interrupted thread itself, as before");
      assertFalse(channel.isOpen());
    }
    assertEquals("first", Files.readString(file));
  }

  @Test
  void anInterruptWhileWaitingIsReportedOnceAndTheWorkStillEnds() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger interrupts = new AtomicInteger();
    AtomicReference<Object> outcome = new AtomicReference<>();
    Thread caller = new Thread(() -> {
      try {
        outcome.set(IoThreads.call(() -> {
          started.countDown();
          await(release);
          return "done";
        }, () -> {
          interrupts.incrementAndGet();
          release.countDown();
        }));
        outcome.set(outcome.get() + ", interrupted " + Thread.currentThread().isInterrupted());
      } catch (IOException | RuntimeException e) {
        outcome.set(e);
      }
    });
    caller.start();
    started.await();
    caller.interrupt();
    caller.join();
    assertEquals("done, interrupted true", outcome.get());
    assertEquals(1, interrupts.get());
  }

  @Test
  void exceptionsComeBackAsTheyWereThrown() {
    IOException io = new IOException("disk full");
    assertSame(io, assertThrows(IOException.class, () -> IoThreads.call(() -> {
      throw io;
    })));
    IllegalStateException state = new IllegalStateException("closed");
    assertSame(state, assertThrows(IllegalStateException.class, () -> IoThreads.call(() -> {
      throw state;
    })));
  }

  @Test
  void workRunsOnAPoolThreadOrInlineOnAnOwnThread() throws Exception {
    assertTrue(IoThreads.call(() -> Thread.currentThread().getName()).startsWith("relearn-io-"));
    assertTrue(IoThreads.call(IoThreads::onOwnThread));
    ExecutorService own = Executors.newSingleThreadExecutor(IoThreads.factory("test-own-"));
    try {
      String[] names = own.submit(() -> new String[] {Thread.currentThread().getName(),
          IoThreads.call(() -> Thread.currentThread().getName())}).get();
      assertEquals(names[0], names[1], "inline on an own thread");
      assertTrue(names[0].startsWith("test-own-"), names[0]);
    } finally {
      own.shutdown();
    }
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }

  private static void await(CountDownLatch latch) throws IOException {
    try {
      latch.await();
    } catch (InterruptedException e) {
      throw new IOException("the pool thread was interrupted", e);
    }
  }
}
