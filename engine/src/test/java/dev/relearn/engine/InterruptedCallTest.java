package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.files.InterruptedWrites;
import dev.relearn.lucene.search.SearchRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index call on an interrupted thread (a caller's {@code Future.cancel(true)}) loses the
 * index's write lock, since Java closes a channel its thread was interrupted on. The engine then
 * refuses writes until reopened; the refusal says why and what to do (it was Lucene's
 * "FileLock invalidated by an external force: NativeFSLock(...sun.nio.ch.FileLockImpl...)"), and
 * nothing acknowledged is lost.
 */
class InterruptedCallTest {
  @TempDir Path tmp;

  @Test
  void anInterruptedIndexCallIsExplainedAndLosesNothing() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nshared words\n");
    Path index = tmp.resolve("index");
    Relearn relearn = Relearn.open(index, TestOptions.HASHING);
    try {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertTrue(relearn.writable());
      String id = relearn.search(SearchRequest.of("shared")).hits().getFirst().chunkId();
      relearn.feedback(FeedbackRequest.of("shared words", List.of(id)).withIds(null, "kept"));
      Files.writeString(docs.resolve("b.md"), "# B\nshared other words\n");
      Progress interruptedWhileWriting = new Progress() { // as a cancel(true) would
        @Override
        public void start(String task, long total) {
          if (task.equals("writing")) {
            Thread.currentThread().interrupt();
          }
        }

        @Override
        public void advance(long done) {}

        @Override
        public void finish() {}
      };
      assertThrows(IOException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, interruptedWhileWriting));
      Thread.interrupted();
      IOException refused = assertThrows(IOException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, Progress.NONE));
      assertTrue(refused.getMessage().contains("a thread was interrupted during one of its"
          + " writes"), refused.getMessage());
      assertTrue(refused.getMessage().contains("reopen the index"), refused.getMessage());
      assertFalse(refused.getMessage().contains("sun.nio"), refused.getMessage());
      assertEquals(1, relearn.search(SearchRequest.of("shared")).hits().size(),
          "searches still work");
      assertFalse(relearn.writable(), "its writer lost its files");
    } finally {
      closeAfterLostLock(relearn);
    }
    try (Relearn reopened = Relearn.open(index, TestOptions.HASHING)) {
      assertTrue(reopened.feedbackStore().contains("kept"));
      reopened.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(2, reopened.stats().chunks());
    }
  }

  /** Closing an engine whose lock is lost fails to commit (Lucene's message), but releases it. */
  private static void closeAfterLostLock(Relearn relearn) {
    RuntimeException failed = assertThrows(RuntimeException.class, relearn::close);
    assertTrue(InterruptedWrites.causedBy(failed), failed.toString());
  }
}
