package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store used on its own, from threads that are interrupted in its calls: each call writes on
 * relearn's own threads, finishes, and leaves the caller's interrupt status set; the store keeps
 * working and keeps everything (before, the first interrupted append closed the log's channel).
 */
class InterruptedStoreCallTest {
  @TempDir Path tmp;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void everyWriteOnAnInterruptedThreadCompletesAndTheStoreGoesOn() throws Exception {
    long now = 1_700_000_000_000L;
    try (StoreFixture fixture = new StoreFixture(tmp, now)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        for (int i = 0; i < 6; i++) {
          Thread.currentThread().interrupt();
          store.record(event("e" + i, "s" + (i % 2), unit(i), "c" + (i % 4), now + i));
          assertTrue(Thread.interrupted(), "the caller keeps its interrupt status");
          Thread.currentThread().interrupt();
          assertEquals(1, store.similar(unit(i), 0.99f, 5).size(), "a lookup that refreshes");
          assertTrue(Thread.interrupted());
        }
        Thread.currentThread().interrupt();
        store.flushLearnedFields();
        Thread.currentThread().interrupt();
        store.checkpoint();
        Thread.currentThread().interrupt();
        store.forgetSession("s1"); // events carry the session as given
        assertTrue(Thread.interrupted());
        store.record(event("after", "s2", unit(99), "c0", now + 99));
        assertNull(store.tragicException());
        Thread.currentThread().interrupt(); // closing checkpoints
      }
      assertTrue(Thread.interrupted());
      try (FeedbackStore reopened = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(reopened.contains("e0") && reopened.contains("e4") && reopened.contains("after"));
        assertEquals(4, reopened.stats().ledgerEvents(), "session s1's three events forgotten");
      }
    }
  }
}
