package dev.relearn.lucene.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.NativeFSLockFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writes on {@link WriteThreads}: a caller's interrupt ends its wait, never the write. */
class WriteThreadsTest {
  @TempDir Path tmp;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void anInterruptEndsTheWaitAndTheWriteGoesOnWithItsChannelOpen() throws Exception {
    Path file = tmp.resolve("log");
    WriteThreads writes = new WriteThreads("test-write-", 2);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
        StandardOpenOption.WRITE)) {
      Thread caller = Thread.currentThread();
      Thread interrupter = Thread.ofPlatform().name("interrupter").start(() -> {
        awaitQuietly(started);
        caller.interrupt();
      });
      InterruptedIOException stopped = assertThrows(InterruptedIOException.class,
          () -> writes.run(() -> {
            started.countDown();
            awaitQuietly(release);
            channel.write(bytes("written"));
          }));
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      interrupter.join();
      assertTrue(stopped.getMessage().contains("not acknowledged, and it goes on"),
          stopped.getMessage());
      release.countDown();
      writes.close(); // waits for the write whose caller left
      assertTrue(channel.isOpen());
    }
    assertEquals("written", Files.readString(file));
  }

  @Test
  void aWriteNotYetBegunWhenItsCallerIsInterruptedNeverRuns() throws Exception {
    WriteThreads writes = new WriteThreads("test-write-", 1);
    CountDownLatch busy = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread blocker = Thread.ofPlatform().start(() -> {
      try {
        writes.run(() -> {
          busy.countDown();
          awaitQuietly(release);
        });
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    busy.await(); // the one thread is taken: the next write waits in the queue
    AtomicInteger runs = new AtomicInteger();
    Thread.currentThread().interrupt();
    InterruptedIOException stopped = assertThrows(InterruptedIOException.class,
        () -> writes.run(runs::incrementAndGet));
    assertTrue(stopped.getMessage().contains("not made and will not be"), stopped.getMessage());
    assertTrue(Thread.interrupted());
    release.countDown();
    blocker.join();
    writes.close();
    assertEquals(0, runs.get());
    assertThrows(IllegalStateException.class, () -> writes.run(runs::incrementAndGet));
  }

  @Test
  void exceptionsComeBackAsThrownAndWritesCallWritesInline() throws Exception {
    try (WriteThreads writes = new WriteThreads("test-write-", 1)) {
      IOException io = new IOException("disk full");
      assertSame(io, assertThrows(IOException.class, () -> writes.call(() -> {
        throw io;
      })));
      IllegalStateException state = new IllegalStateException("closed");
      assertSame(state, assertThrows(IllegalStateException.class, () -> writes.call(() -> {
        throw state;
      })));
      List<String> names = writes.call(() -> List.of(Thread.currentThread().getName(),
          writes.call(() -> Thread.currentThread().getName()))); // one thread: inline or stuck
      assertEquals(List.of("test-write-1", "test-write-1"), names);
      assertFalse(WriteThreads.onWriteThread());
    }
  }

  @Test
  void closeWaitsForEveryWriteThenRunsTheLastStepOnAWriteThread() throws Exception {
    WriteThreads writes = new WriteThreads("test-write-", 2);
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1); // the write ends only after the caller's wait
    Thread caller = Thread.ofPlatform().start(() -> {
      try {
        writes.run(() -> {
          started.countDown();
          awaitThroughInterrupts(release);
          order.add("write");
        });
      } catch (IOException e) {
        order.add("caller: " + e.getMessage());
      }
    });
    started.await();
    caller.interrupt();
    caller.join();
    release.countDown();
    Thread.currentThread().interrupt();
    writes.close(() -> order.add("last " + WriteThreads.onWriteThread()));
    assertTrue(Thread.interrupted(), "close waits whatever interrupts, and keeps the status");
    assertEquals(3, order.size(), order.toString());
    assertTrue(order.get(0).startsWith("caller: interrupted while waiting"), order.get(0));
    assertEquals(List.of("write", "last true"), order.subList(1, 3));
  }

  @Test
  void aLockCheckedOnAnInterruptedThreadStaysValidThroughTheShield() throws Exception {
    Path shielded = Files.createDirectories(tmp.resolve("shielded"));
    try (Directory dir = FSDirectory.open(shielded, ShieldedLockFactory.INSTANCE);
        Lock lock = dir.obtainLock("write.lock")) {
      for (int i = 0; i < 20; i++) {
        Thread.currentThread().interrupt();
        lock.ensureValid();
        assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      }
      lock.ensureValid();
    }
    Path plain = Files.createDirectories(tmp.resolve("plain"));
    try (Directory dir = FSDirectory.open(plain, NativeFSLockFactory.INSTANCE)) {
      Lock lock = dir.obtainLock("write.lock");
      Thread.currentThread().interrupt();
      assertThrows(IOException.class, lock::ensureValid, "without the shield");
      Thread.interrupted();
      assertThrows(AlreadyClosedException.class, lock::ensureValid, "the lock is lost for good");
      assertThrows(IOException.class, lock::close, "its channel is closed");
    }
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      throw new IllegalStateException("a write thread was interrupted", e);
    }
  }

  private static void awaitThroughInterrupts(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
