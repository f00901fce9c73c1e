package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A forget that fails half-way (an I/O error injected after its mark's commit) is finished by the
 * process it failed in, without reopening the store and without being asked again: maintenance
 * retries it, under the forgets' own locks, until it succeeds, and a retry that fails stops
 * neither recording nor later retries. Meanwhile the similar-query lookups, the writer's and a
 * read-only reader's, skip the clusters it will delete. Before, the session's past queries stayed
 * in use until the next open.
 */
class FailedForgetRetryTest {
  private static final long T0 = 1_700_000_000_000L;
  /** Far longer than the retries need (a few seconds); a bound, not a measurement. */
  private static final long PATIENCE_SECONDS = 120;

  @TempDir Path tmp;

  @Test
  void aSessionForgetThatFailedOnceIsFinishedByTheStoreItself() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      String gone;
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        gone = store.sessions().hash("gone");
        store.record(event("g1", gone, unit(1), "c0", T0));
        store.record(event("k1", store.sessions().hash("keep"), unit(3), "c2", T0));
        AtomicInteger tries = new AtomicInteger();
        store.afterForgetMark(() -> {
          if (tries.incrementAndGet() == 1) {
            throw new IOException("injected: the disk failed");
          }
        });
        assertThrows(IOException.class, () -> store.forgetSession(gone));
        awaitThat("the store finished the forget by itself", () -> !store.contains("g1")
            && store.stats().clusters().clusters() == 1
            && ForgetMarks.read(fixture.committedLedgerData()).isEmpty());
        assertEquals(2, tries.get(), "one retry, which succeeded");
        assertTrue(store.similar(unit(1), 0.99f, 5).isEmpty());
        assertEquals(LearnedValues.NEUTRAL, store.learned("c0"), "learned fields recomputed");
        assertTrue(store.contains("k1"), "other sessions' feedback stays");
        assertEquals(1, store.similar(unit(3), 0.99f, 5).size());
        store.record(event("g2", gone, unit(5), "c1", T0)); // the session's later feedback
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(store.contains("g2"), "nothing was left for the open to finish");
      }
    }
  }

  @Test
  void whileRetriesFailLookupsSkipTheSessionAndRecordingGoesOn() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0);
        FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
      String gone = store.sessions().hash("gone");
      String keep = store.sessions().hash("keep");
      store.record(event("g1", gone, unit(1), "c0", T0));
      store.record(event("k1", keep, unit(3), "c2", T0));
      AtomicBoolean diskFull = new AtomicBoolean(true);
      AtomicInteger tries = new AtomicInteger();
      store.afterForgetMark(() -> {
        tries.incrementAndGet();
        if (diskFull.get()) {
          throw new IOException("injected: the disk is full");
        }
      });
      assertThrows(IOException.class, () -> store.forgetSession(gone));
      store.record(event("g2", gone, unit(5), "c1", T0)); // the session goes on meanwhile
      assertEquals(3, store.stats().clusters().clusters(), "its clusters are still there");
      assertTrue(store.similar(unit(1), 0.99f, 5).isEmpty(), "but lookups skip them");
      assertTrue(store.similar(unit(5), 0.99f, 5).isEmpty(), "its later ones too");
      assertEquals(1, store.similar(unit(3), 0.99f, 5).size(), "not other sessions'");
      try (ReadOnlyFeedback reader = ReadOnlyFeedback.open(fixture.folder, fixture.config())) {
        assertTrue(reader.similar(unit(1), 0.99f, 5).isEmpty(), "the mark is committed");
        assertEquals(1, reader.similar(unit(3), 0.99f, 5).size());
      }
      awaitThat("a retry failed", () -> tries.get() >= 2);
      store.record(event("k2", keep, unit(4), "c3", T0)); // failed retries stop no maintenance
      store.checkpoint();
      assertTrue(ForgetMarks.read(fixture.committedLedgerData()).sessions().contains(gone));
      diskFull.set(false);
      awaitThat("the store finished the forget once the disk had room",
          () -> store.stats().clusters().clusters() == 2
              && ForgetMarks.read(fixture.committedLedgerData()).isEmpty());
      assertFalse(store.contains("g1") || store.contains("g2"), "feedback since goes too");
      assertTrue(store.contains("k1") && store.contains("k2"));
      assertEquals(LearnedValues.NEUTRAL, store.learned("c1"));
      try (ReadOnlyFeedback reader = ReadOnlyFeedback.open(fixture.folder, fixture.config())) {
        assertTrue(reader.similar(unit(1), 0.99f, 5).isEmpty());
        assertEquals(1, reader.similar(unit(4), 0.99f, 5).size());
      }
    }
  }

  @Test
  void aForgetAllThatFailedIsFinishedByTheStoreItselfFollowUpIncluded() throws Exception {
    AtomicBoolean diskFull = new AtomicBoolean(true);
    AtomicBoolean weightsUnsavable = new AtomicBoolean(true);
    AtomicInteger followUps = new AtomicInteger();
    AtomicInteger resets = new AtomicInteger();
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(() -> {
        followUps.incrementAndGet();
        if (weightsUnsavable.get()) {
          throw new IOException("injected: the weights could not be saved");
        }
        resets.incrementAndGet();
      })) {
        store.record(event("a1", store.sessions().hash("a"), unit(1), "c0", T0));
        store.record(event("b1", store.sessions().hash("b"), unit(2), "c1", T0));
        store.afterForgetMark(() -> {
          if (diskFull.get()) {
            throw new IOException("injected: the disk is full");
          }
        });
        assertThrows(IOException.class, store::forgetAll);
        store.record(event("b2", store.sessions().hash("b"), unit(3), "c2", T0));
        assertEquals(3, store.stats().clusters().clusters(), "every cluster is still there");
        for (int seed = 1; seed <= 3; seed++) {
          assertTrue(store.similar(unit(seed), 0.99f, 5).isEmpty(), "but lookups skip them");
        }
        try (ReadOnlyFeedback reader = ReadOnlyFeedback.open(fixture.folder, fixture.config())) {
          assertTrue(reader.similar(unit(2), 0.99f, 5).isEmpty(), "the mark is committed");
        }
        diskFull.set(false); // now the retries fail in the follow-up, after the store's part
        awaitThat("a retry ran the follow-up", () -> followUps.get() >= 1);
        assertEquals(0, resets.get());
        weightsUnsavable.set(false);
        awaitThat("the store finished the forget-all by itself",
            () -> ForgetMarks.read(fixture.committedLedgerData()).isEmpty());
        assertEquals(1, resets.get(), "the follow-up succeeded once");
        assertEquals(0, store.stats().ledgerEvents(), "feedback since the forget goes with it");
        assertEquals(0, store.stats().clusters().clusters());
        assertEquals(LearnedValues.NEUTRAL, store.learned("c2"));
        store.record(event("b3", store.sessions().hash("b"), unit(4), "c3", T0));
        assertEquals(1, store.similar(unit(4), 0.99f, 5).size(), "lookups are back");
      }
      try (FeedbackStore store = fixture.open(resets::incrementAndGet)) {
        assertEquals(1, resets.get(), "the open had nothing left to finish");
        assertTrue(store.contains("b3"));
      }
    }
  }

  /** A condition that may throw. */
  @FunctionalInterface
  private interface Condition {
    boolean holds() throws Exception;
  }

  /** Polls {@code condition} until it holds; fails after {@link #PATIENCE_SECONDS}. */
  private static void awaitThat(String what, Condition condition) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
    while (!condition.holds()) {
      if (System.nanoTime() - deadline > 0) {
        fail("not within " + PATIENCE_SECONDS + " s: " + what);
      }
      Thread.sleep(50);
    }
  }
}
