package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The feedback store's background work on the chunk index (checkpoints commit it, learned-field
 * flushes refresh its searchers) never lands inside an index or remove call: a process killed
 * mid-call found half the call committed, and searches during a call saw half of it (an edited
 * file in neither version). Here that work runs on another thread while the call is between its
 * writes (from its progress callback, after the last chunk is written and before the deleted
 * files' chunks are deleted) and must wait for the call's end.
 */
class IndexCallIsolationTest {
  @TempDir Path tmp;

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void aCheckpointOrFlushDuringAnIndexCallWaitsForItsEnd() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < 8; i++) {
      Files.writeString(docs.resolve("n" + i + ".md"), "# N" + i + "\nshared words " + i + "\n");
    }
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      Set<String> before = committedPaths(index);
      assertEquals(8, before.size());
      for (int i = 0; i < 4; i++) { // two edited, two deleted, two added
        Files.writeString(docs.resolve("n" + i + ".md"), "# N" + i + "\nshared edit " + i + "\n");
      }
      Files.delete(docs.resolve("n4.md"));
      Files.delete(docs.resolve("n5.md"));
      for (int i = 8; i < 10; i++) {
        Files.writeString(docs.resolve("n" + i + ".md"), "# N" + i + "\nshared new " + i + "\n");
      }
      AtomicReference<Set<String>> committedMidway = new AtomicReference<>();
      AtomicReference<Set<String>> searchedMidway = new AtomicReference<>();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> background = new ArrayList<>();
      Progress midway = new Progress() {
        private long total = -1;

        @Override
        public void start(String task, long total) {
          this.total = task.equals("writing") ? total : -1;
        }

        @Override
        public void advance(long done) {
          if (done != total || !background.isEmpty()) {
            return; // after the last write: files added, deleted ones not yet deleted
          }
          try { // staged learned values: the flush has something to write
            relearn.feedback(FeedbackRequest.of("shared words", List.of(firstId(relearn))));
          } catch (IOException e) {
            failure.set(e);
          }
          Thread work = new Thread(() -> {
            try {
              relearn.feedbackStore().flushLearnedFields();
              relearn.feedbackStore().checkpoint();
            } catch (IOException | RuntimeException e) {
              failure.set(e);
            }
          });
          background.add(work);
          work.start();
          awaitEndOrBlocked(work);
          try {
            committedMidway.set(committedPaths(index));
            searchedMidway.set(searchPaths(relearn));
          } catch (IOException e) {
            failure.set(e);
          }
        }

        @Override
        public void finish() {}
      };
      relearn.index(docs, SourceFormat.AUTO, midway); // progress: on the write thread, inline
      background.getFirst().join(TimeUnit.SECONDS.toMillis(60));
      assertNull(failure.get());
      assertEquals(before, searchedMidway.get(), "a search during the index call");
      assertEquals(before, committedMidway.get(), "the commit during the index call");
      assertEquals(Set.of("docs/n0.md", "docs/n1.md", "docs/n2.md", "docs/n3.md", "docs/n6.md",
          "docs/n7.md", "docs/n8.md", "docs/n9.md"), searchPaths(relearn));
    }
  }

  private static String firstId(Relearn relearn) {
    try {
      return relearn.search(SearchRequest.of("shared").withMode(SearchMode.BM25)).hits()
          .getFirst().chunkId();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Waits until {@code thread} ended or its work waits for the store's lock (for the call's
   * end), on that thread or on the write thread it handed the work to.
   */
  private static void awaitEndOrBlocked(Thread thread) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (thread.isAlive() && System.nanoTime() < deadline) {
      for (Map.Entry<Thread, StackTraceElement[]> each : Thread.getAllStackTraces().entrySet()) {
        if (each.getKey().getState() != Thread.State.WAITING) {
          continue;
        }
        boolean inStore = false;
        boolean onLock = false;
        for (StackTraceElement frame : each.getValue()) {
          onLock |= frame.getClassName().startsWith("java.util.concurrent.locks.ReentrantLock");
          inStore |= frame.getClassName().startsWith("dev.relearn.feedback.store.");
        }
        if (onLock && inStore) {
          return;
        }
      }
      Thread.onSpinWait();
    }
  }

  private static Set<String> searchPaths(Relearn relearn) {
    try {
      Set<String> paths = new TreeSet<>();
      for (Hit hit : relearn.search(SearchRequest.of("shared").withK(100)
          .withMode(SearchMode.BM25)).hits()) {
        assertTrue(paths.add(hit.path()), "a file twice: " + hit.path());
      }
      return paths;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The paths of the chunks in the index folder's last commit. */
  private static Set<String> committedPaths(Path index) throws IOException {
    Set<String> paths = new TreeSet<>();
    CommittedChunks.forEach(index, Set.of(ChunkSchema.PATH),
        (leaf, doc, fields) -> paths.add(fields.get(ChunkSchema.PATH)));
    return paths;
  }
}
