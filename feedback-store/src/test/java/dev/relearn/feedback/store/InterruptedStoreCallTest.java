package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.apache.lucene.util.IOSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store used on its own, from threads that are interrupted in its calls: each write runs on
 * the store's write threads, so an interrupt ends only the caller's wait, with an {@link
 * InterruptedIOException} saying whether the write was begun; the store keeps working and keeps
 * every write that was begun (before, the first interrupted append closed the log's channel).
 */
class InterruptedStoreCallTest {
  @TempDir Path tmp;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void everyWriteOnAnInterruptedThreadEndsOnlyTheWaitAndTheStoreGoesOn() throws Exception {
    long now = 1_700_000_000_000L;
    Set<String> begun = new HashSet<>();
    Set<String> notMade = new HashSet<>();
    try (StoreFixture fixture = new StoreFixture(tmp, now)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        for (int i = 0; i < 6; i++) {
          int n = i;
          boolean made = interrupted(() -> store.record(
              event("e" + n, "s" + (n % 2), unit(n), "c" + (n % 4), now + n)));
          (made ? begun : notMade).add("e" + i);
          interrupted(() -> store.similar(unit(n), 0.99f, 5)); // a lookup that refreshes
        }
        interrupted(() -> {
          store.flushLearnedFields();
          return null;
        });
        interrupted(() -> {
          store.checkpoint();
          return null;
        });
        store.record(event("after", "s2", unit(99), "c0", now + 99));
        assertNull(store.failure());
        assertEquals(1, store.similar(unit(99), 0.99f, 5).size());
        Thread.currentThread().interrupt(); // closing waits and checkpoints all the same
      }
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      try (FeedbackStore reopened = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(reopened.contains("after"));
        for (String id : begun) {
          assertTrue(reopened.contains(id), id + " was begun: it completed on its own thread");
        }
        for (String id : notMade) {
          assertTrue(!reopened.contains(id), id + " was not begun: never made");
        }
        assertEquals(begun.size() + 1, reopened.stats().ledgerEvents());
      }
    }
    System.out.println("interrupted appends begun anyway: " + begun.size() + " of 6");
  }

  /**
   * Runs {@code call} on an interrupted thread: whether what it writes was made or is being made
   * (it returned, or its exception says it goes on), or will never be.
   */
  private static boolean interrupted(IOSupplier<?> call) throws Exception {
    Thread.currentThread().interrupt();
    try {
      call.get();
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      return true;
    } catch (InterruptedIOException e) {
      assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
      assertTrue(e.getMessage().contains("goes on") || e.getMessage().contains("not made"),
          e.getMessage());
      return e.getMessage().contains("goes on");
    }
  }
}
