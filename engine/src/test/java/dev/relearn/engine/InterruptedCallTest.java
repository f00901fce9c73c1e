package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interrupting a thread inside a call ({@code Future.cancel(true)}, a search-as-you-type query
 * replaced by the next keystroke) used to cost the engine its write lock or the feedback store its
 * writer until a restart, since Java closes the channels an interrupted thread uses: a cancelled
 * learned search right after new feedback was enough. Files are now written on relearn's own
 * threads: every such call leaves the engine writable, nothing acknowledged is lost, and the
 * caller keeps its interrupt status.
 */
class InterruptedCallTest {
  @TempDir Path tmp;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void interruptedSearchesAndFeedbackLeaveTheEngineWritable() throws Exception {
    Path docs = folder(20);
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      for (int round = 0; round < 3; round++) {
        String id = relearn.search(SearchRequest.of("shared words")).hits().getFirst().chunkId();
        relearn.feedback(FeedbackRequest.of("shared words " + round, List.of(id))
            .withIds("s" + round, "before" + round)); // the next learned search shows it: a write
        for (SearchMode mode : SearchMode.values()) {
          Thread.currentThread().interrupt();
          assertFalse(relearn.search(SearchRequest.of("shared words " + round).withMode(mode))
              .hits().isEmpty(), mode.toString());
          assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
        }
        Thread.currentThread().interrupt();
        relearn.feedback(FeedbackRequest.of("other words " + round, List.of(id))
            .withIds("t" + round, "interrupted" + round));
        assertTrue(Thread.interrupted());
        relearn.feedback(FeedbackRequest.of("more words " + round, List.of(id))
            .withIds("u" + round, "after" + round));
        assertTrue(relearn.writable());
      }
      Thread.currentThread().interrupt(); // closing commits
    }
    assertTrue(Thread.interrupted());
    try (Relearn reopened = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      for (int round = 0; round < 3; round++) {
        assertTrue(reopened.feedbackStore().contains("interrupted" + round));
        assertTrue(reopened.feedbackStore().contains("after" + round));
      }
    }
  }

  @Test
  void anIndexCallInterruptedWhileWritingFinishesThePathAndSaysSo() throws Exception {
    Path docs = folder(1);
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      Files.writeString(docs.resolve("b.md"), "# B\nshared other words\n\n# C\nmore words\n");
      InterruptedIOException stopped = assertThrows(InterruptedIOException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, interruptingAt("writing")));
      assertTrue(stopped.getMessage().contains("whole or as it was before"), stopped.getMessage());
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      assertEquals(3, relearn.stats().chunks(), "the path was written whole");
      assertTrue(relearn.writable());
      Files.writeString(docs.resolve("d.md"), "# D\nlast words\n");
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(4, relearn.stats().chunks());
    }
  }

  @Test
  void anIndexCallInterruptedWhileEmbeddingWritesNothing() throws Exception {
    Path docs = folder(1);
    // The work runs on an I/O thread and sees the stop at its next progress event; a model this
    // slow keeps it embedding until then (the hashing model alone sometimes finished embedding
    // and began to write first, which then completes the path, as the contract allows).
    Embedder slow = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedDocument(String text) {
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt(); // the I/O thread is never interrupted: not reached
        }
        return super.embedDocument(text);
      }
    };
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        TestOptions.HASHING.withEmbedder(slow))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      Files.writeString(docs.resolve("b.md"), "# B\nshared other words\n\n# C\nmore words\n");
      assertThrows(InterruptedIOException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, interruptingAt("embedding")));
      assertTrue(Thread.interrupted());
      assertEquals(1, relearn.stats().chunks(), "nothing of the path was written");
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(3, relearn.stats().chunks());
    }
  }

  @Test
  void aFutureCancelledWhileItIndexesLeavesTheEngineWritable() throws Exception {
    Path docs = folder(30);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      CountDownLatch embedding = new CountDownLatch(1);
      CountDownLatch ended = new CountDownLatch(1);
      Future<?> call = pool.submit(() -> {
        try {
          return relearn.index(docs, SourceFormat.AUTO, new Progress() {
            @Override
            public void start(String task, long total) {
              embedding.countDown();
              sleepThroughInterrupts();
            }

            @Override
            public void advance(long done) {}

            @Override
            public void finish() {}
          });
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

  /** Progress that interrupts its own thread when {@code task} starts, as a cancel would. */
  private static Progress interruptingAt(String task) {
    return new Progress() {
      @Override
      public void start(String started, long total) {
        if (started.equals(task)) {
          Thread.currentThread().interrupt();
        }
      }

      @Override
      public void advance(long done) {}

      @Override
      public void finish() {}
    };
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

  private Path folder(int files) throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < files; i++) {
      Files.writeString(docs.resolve("a" + i + ".md"), "# A" + i + "\nshared words " + i + "\n");
    }
    return docs;
  }
}
