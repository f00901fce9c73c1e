package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Index calls and interrupts: the work runs on a write thread, its progress is called there, and
 * the caller's interrupt, a throwing callback or one that interrupts its thread stops it at its
 * next step, before it writes or after its commit, so a path is indexed whole or not at all; a
 * call whose caller left still runs alone, before the next.
 */
class InterruptedIndexCallTest {
  @TempDir Path tmp;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void anIndexCallInterruptedWhileWritingFinishesThePathAndSaysSo() throws Exception {
    Path index = tmp.resolve("index");
    Path docs;
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      docs = oneFileThenTwoChunksMore(relearn);
      InterruptedIOException stopped = assertThrows(InterruptedIOException.class,
          () -> relearn.index(docs, SourceFormat.AUTO,
              interruptingAt("writing", Thread.currentThread())));
      assertTrue(stopped.getMessage().contains("whole or as it was before"), stopped.getMessage());
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      assertTrue(relearn.writable());
      Files.writeString(docs.resolve("d.md"), "# D\nlast words\n");
    }
    try (Relearn reopened = Relearn.open(index, TestOptions.HASHING)) { // after the call ended
      assertChunksThenReindex(reopened, docs, 3, "the path was written whole", 4);
    }
  }

  @Test
  void aCallbackThatInterruptsItsThreadStopsTheCallAfterItsCommit() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      Path docs = oneFileThenTwoChunksMore(relearn);
      InterruptedIOException stopped = assertThrows(InterruptedIOException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, interruptingAt("writing", null)));
      assertTrue(stopped.getMessage().contains("callback interrupted its thread"),
          stopped.getMessage());
      assertFalse(Thread.interrupted(), "this thread was not interrupted");
      assertEquals(3, relearn.stats().chunks(), "the path was written whole");
      assertTrue(relearn.writable(), "the write thread's interrupt never reached a file");
      relearn.feedback(FeedbackRequest.of("shared words", List.of(
          relearn.search(SearchRequest.of("shared words")).hits().getFirst().chunkId())));
    }
  }

  @Test
  void aCallbackThatThrowsStopsTheCallAndItsExceptionComesOut() throws Exception {
    Path docs = folder(tmp, 3);
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      IllegalStateException failure = new IllegalStateException("window closed");
      assertSame(failure, assertThrows(IllegalStateException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, onStart(task -> {
            throw failure;
          }))));
      assertChunksThenReindex(relearn, docs, 0, "stopped before it wrote", 3);
    }
  }

  @Test
  void anIndexCallInterruptedWhileEmbeddingWritesNothing() throws Exception {
    Path docs = folder(tmp, 1);
    // The work runs on a write thread and sees the stop at its next progress event; a model that
    // waits for the caller's interrupt keeps it embedding until then (the hashing model alone
    // sometimes finished embedding and began to write first, which then completes the path, as
    // the contract allows).
    AtomicBoolean hold = new AtomicBoolean();
    CountDownLatch callerInterrupted = new CountDownLatch(1);
    Embedder slow = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedDocument(String text) {
        try {
          if (hold.get()) {
            callerInterrupted.await(60, TimeUnit.SECONDS);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt(); // the write thread is never interrupted: not reached
        }
        return super.embedDocument(text);
      }
    };
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        TestOptions.HASHING.withEmbedder(slow))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      Files.writeString(docs.resolve("b.md"), "# B\nshared other words\n\n# C\nmore words\n");
      hold.set(true);
      assertThrows(InterruptedIOException.class, () -> relearn.index(docs, SourceFormat.AUTO,
          interruptingAt("embedding", Thread.currentThread())));
      callerInterrupted.countDown();
      assertTrue(Thread.interrupted());
    }
    try (Relearn reopened = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      assertChunksThenReindex(reopened, docs, 1, "nothing of the path was written", 3);
    }
  }

  @Test
  void aFutureCancelledWhileItIndexesLeavesTheEngineWritable() throws Exception {
    Path docs = folder(tmp, 30);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      CountDownLatch embedding = new CountDownLatch(1);
      CountDownLatch ended = new CountDownLatch(1);
      Future<?> call = pool.submit(() -> {
        try {
          return relearn.index(docs, SourceFormat.AUTO, onStart(task -> {
            embedding.countDown();
            sleepThroughInterrupts();
          }));
        } finally {
          ended.countDown();
        }
      });
      embedding.await();
      call.cancel(true); // interrupts the pool's thread, as a UI's cancel does
      ended.await();
      assertTrue(relearn.writable());
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(30, relearn.stats().chunks());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anIndexCallWhoseCallerLeftStillRunsAloneBeforeTheNext() throws Exception {
    Path docs = folder(tmp, 2);
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      CountDownLatch entered = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      AtomicReference<Throwable> first = new AtomicReference<>();
      AtomicReference<Thread> firstWriter = new AtomicReference<>();
      Thread caller = Thread.ofPlatform().name("first-caller").start(() -> {
        try {
          relearn.index(docs, SourceFormat.AUTO, onStart(task -> {
            firstWriter.set(Thread.currentThread());
            entered.countDown();
            awaitThroughInterrupts(release); // on the write thread: the call goes on
          }));
        } catch (IOException | RuntimeException e) {
          first.set(e);
        }
      });
      entered.await();
      caller.interrupt();
      caller.join();
      assertInstanceOf(InterruptedIOException.class, first.get());
      AtomicBoolean secondStarted = new AtomicBoolean();
      Thread second = Thread.ofPlatform().name("second-caller").start(() -> {
        try {
          relearn.index(docs, SourceFormat.AUTO, onStart(task -> secondStarted.set(true)));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      String where = "";
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // liveness only
      while (!secondStarted.get() && where.isEmpty() && System.nanoTime() < deadline) {
        where = secondInIndexing(firstWriter.get());
      }
      boolean startedMeanwhile = secondStarted.get(); // read before the first may end
      release.countDown();
      assertFalse(startedMeanwhile, "the second index call began while the first ran");
      assertEquals("waits to enter", where);
      second.join();
      assertTrue(secondStarted.get());
      assertEquals(2, relearn.stats().chunks());
    }
  }

  /**
   * Where a write thread other than {@code first} is in {@link ChunkIndexing}: "waits to enter"
   * (blocked on its monitor), "inside" (deeper), or "" (not there yet, or on its way in).
   */
  private static String secondInIndexing(Thread first) {
    for (Map.Entry<Thread, StackTraceElement[]> each : Thread.getAllStackTraces().entrySet()) {
      StackTraceElement[] frames = each.getValue();
      for (int i = 0; each.getKey() != first && i < frames.length; i++) {
        if (frames[i].getClassName().equals(ChunkIndexing.class.getName())) {
          return i > 0 ? "inside" : each.getKey().getState() == Thread.State.BLOCKED
              ? "waits to enter" : "";
        }
      }
    }
    return "";
  }

  /** Waits for {@code latch}, whatever interrupts the waiting thread. */
  private static void awaitThroughInterrupts(CountDownLatch latch) {
    boolean interrupted = false;
    while (latch.getCount() > 0) {
      try {
        latch.await();
      } catch (InterruptedException e) {
        interrupted = true; // a write thread is never interrupted: not reached
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@code relearn} holds {@code before} chunks ({@code why}), {@code after} once re-indexed. */
  private static void assertChunksThenReindex(Relearn relearn, Path docs, int before, String why,
      int after) throws IOException {
    assertEquals(before, relearn.stats().chunks(), why);
    relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    assertEquals(after, relearn.stats().chunks());
  }

  /** Progress that runs {@code atStart} with the name of each task as it starts. */
  private static Progress onStart(Consumer<String> atStart) {
    return new Progress() {
      @Override
      public void start(String task, long total) {
        atStart.accept(task);
      }

      @Override
      public void advance(long done) {}

      @Override
      public void finish() {}
    };
  }

  /**
   * Progress that interrupts {@code caller} when {@code task} starts, as a cancel would, or its
   * own thread when {@code caller} is null.
   */
  private static Progress interruptingAt(String task, Thread caller) {
    return onStart(started -> {
      if (started.equals(task)) {
        (caller != null ? caller : Thread.currentThread()).interrupt();
      }
    });
  }

  /** Keeps the callback busy for a moment, as a slow UI would, whatever interrupts it. */
  private static void sleepThroughInterrupts() {
    long end = System.nanoTime() + 200_000_000L;
    boolean interrupted = false;
    while (System.nanoTime() < end) {
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Indexes a folder of one file, then adds a file of two chunks to it, not yet indexed. */
  private Path oneFileThenTwoChunksMore(Relearn relearn) throws IOException {
    Path docs = folder(tmp, 1);
    relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    Files.writeString(docs.resolve("b.md"), "# B\nshared other words\n\n# C\nmore words\n");
    return docs;
  }

  /** A folder {@code docs} under {@code tmp} of {@code files} one-chunk notes. */
  static Path folder(Path tmp, int files) throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < files; i++) {
      Files.writeString(docs.resolve("a" + i + ".md"), "# A" + i + "\nshared words " + i + "\n");
    }
    return docs;
  }
}
