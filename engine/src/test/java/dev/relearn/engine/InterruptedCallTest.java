package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interrupting a thread inside a call ({@code Future.cancel(true)}, a search-as-you-type query
 * replaced by the next keystroke) used to cost the engine its write lock or the feedback store its
 * writer until a restart, since Java closes the channels an interrupted thread uses: a cancelled
 * learned search right after new feedback was enough. Files are now written on the engine's write
 * threads, and an interrupt ends only the caller's wait: the call throws {@link
 * InterruptedIOException} saying whether the write was begun (it then completes by itself) or not
 * (it is never made), the caller keeps its interrupt status, the engine stays writable and
 * nothing acknowledged is lost.
 */
class InterruptedCallTest {
  @TempDir Path tmp;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void interruptedSearchesAndFeedbackLeaveTheEngineWritable() throws Exception {
    Path docs = InterruptedIndexCallTest.folder(tmp, 20);
    Map<String, Boolean> interrupted = new HashMap<>(); // event id: whether it was begun
    int searchWaitsEnded = 0;
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      for (int round = 0; round < 3; round++) {
        String id = relearn.search(SearchRequest.of("shared words")).hits().getFirst().chunkId();
        relearn.feedback(FeedbackRequest.of("shared words " + round, List.of(id))
            .withIds("s" + round, "before" + round)); // the next learned search shows it: a write
        for (SearchMode mode : SearchMode.values()) {
          Thread.currentThread().interrupt();
          try {
            assertFalse(relearn.search(SearchRequest.of("shared words " + round).withMode(mode))
                .hits().isEmpty(), mode.toString());
          } catch (InterruptedIOException e) { // it had to make fresh feedback visible first
            searchWaitsEnded++;
          }
          assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
        }
        FeedbackRequest other = FeedbackRequest.of("other words " + round, List.of(id))
            .withIds("t" + round, "interrupted" + round);
        interrupted.put("interrupted" + round, onInterruptedThread(() -> {
          relearn.feedback(other);
          return true;
        }) != Boolean.FALSE);
        relearn.feedback(FeedbackRequest.of("more words " + round, List.of(id))
            .withIds("u" + round, "after" + round));
        assertTrue(relearn.writable());
        assertFalse(relearn.search(SearchRequest.of("shared words " + round)
            .withMode(SearchMode.LEARNED)).hits().isEmpty());
      }
      Thread.currentThread().interrupt(); // closing waits and commits all the same
    }
    assertTrue(Thread.interrupted());
    try (Relearn reopened = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      for (int round = 0; round < 3; round++) {
        String event = "interrupted" + round;
        assertEquals(interrupted.get(event), reopened.feedbackStore().contains(event),
            event + " is kept exactly when its write was begun");
        assertTrue(reopened.feedbackStore().contains("after" + round));
      }
    }
    System.out.println("interrupted feedback begun anyway: " + interrupted
        + "; interrupted searches whose wait for a refresh ended: " + searchWaitsEnded);
  }

  @Test
  void anOpenOnAnInterruptedThreadLeavesTheFolderOpenable() throws Exception {
    Path docs = InterruptedIndexCallTest.folder(tmp, 5);
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = relearn.search(SearchRequest.of("shared words")).hits().getFirst().chunkId();
      relearn.feedback(FeedbackRequest.of("shared words", List.of(id)).withIds("s", "e1"));
    }
    Thread.currentThread().interrupt();
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      assertTrue(relearn.writable(), "an open that Java's file reads let through is whole");
    } catch (InterruptedIOException e) {
      assertTrue(e.getMessage().contains("was interrupted"), e.getMessage());
    }
    assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      assertTrue(relearn.writable());
      assertTrue(relearn.feedbackStore().contains("e1"));
    }
  }

  @Test
  void statsOnAnInterruptedThreadEndWithAnInterruptedIoExceptionAndChangeNothing()
      throws Exception {
    Path docs = InterruptedIndexCallTest.folder(tmp, 5);
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      int chunks = relearn.stats().chunks();
      Thread.currentThread().interrupt();
      try {
        assertEquals(chunks, relearn.stats().chunks(), "stats that Java's file read let through");
      } catch (InterruptedIOException e) { // was ClosedByInterruptException, with no message
        assertTrue(e.getMessage().startsWith("interrupted: Java closed a file this call"),
            e.getMessage());
      }
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      assertEquals(chunks, relearn.stats().chunks());
      assertTrue(relearn.writable());
    }
  }

  @Test
  void learnNowOnAnInterruptedThreadEndsWithAnInterruptedIoExceptionAndKeepsTheTrust()
      throws Exception {
    Path docs = InterruptedIndexCallTest.folder(tmp, 5);
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = relearn.search(SearchRequest.of("shared words")).hits().getFirst().chunkId();
      relearn.feedback(FeedbackRequest.of("shared words", List.of(id)).withIds("s", "e1"));
      TrustState before = relearn.trust();
      Thread.currentThread().interrupt();
      try {
        relearn.learnNow(); // a save that Java's file write let through
      } catch (InterruptedIOException e) { // was ClosedByInterruptException, with no message
        assertTrue(e.getMessage().startsWith("interrupted: Java closed a file this call"),
            e.getMessage());
        assertEquals(before, relearn.trust());
      }
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      relearn.learnNow();
      assertTrue(relearn.writable());
    }
  }

  /**
   * Runs {@code call} on an interrupted thread: what it returned, or, if its wait ended by the
   * interrupt, whether the write was begun (true) or not (false). The caller keeps its status.
   */
  private static Boolean onInterruptedThread(Callable<Boolean> call) throws Exception {
    Thread.currentThread().interrupt();
    try {
      return call.call();
    } catch (InterruptedIOException e) {
      assertTrue(e.getMessage().contains("goes on") || e.getMessage().contains("not made"),
          e.getMessage());
      return e.getMessage().contains("goes on");
    } finally {
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
    }
  }
}
