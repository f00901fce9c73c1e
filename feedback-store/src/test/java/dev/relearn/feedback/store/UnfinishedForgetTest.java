package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A forget that fails half-way, after its ledger commit named it (an I/O error, injected there),
 * is finished by the next open even when checkpoints ran in between: every ledger commit carries
 * the mark of a forget that has not finished. Before, a checkpoint's ledger commit dropped it, and
 * the session's query vectors came back with the next open. A forget-all's follow-up (the
 * engine's weights reset) is part of what the mark stands for. Here the store's own retries of
 * the forget fail as well (the fault stays); {@link FailedForgetRetryTest} has them succeed.
 */
class UnfinishedForgetTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final Checkpointer.Change DISK_FAILS = () -> {
    throw new IOException("injected: the disk failed");
  };
  /** Fails the store's own retries ({@link ForgetRetries}), not a forget asked for again. */
  private static final Checkpointer.Change RETRIES_FAIL = () -> {
    if (Thread.currentThread().getName().startsWith("relearn-feedback-maintenance-")) {
      throw new IOException("injected: the disk failed");
    }
  };

  @TempDir Path tmp;

  @Test
  void sessionForgetsThatFailedAfterTheirMarkAreFinishedByTheNextOpenDespiteCheckpoints()
      throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      String gone;
      String alsoGone;
      String keep;
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        gone = store.sessions().hash("gone");
        alsoGone = store.sessions().hash("also gone");
        keep = store.sessions().hash("keep");
        store.record(event("g1", gone, unit(1), "c0", T0));
        store.record(event("a1", alsoGone, unit(2), "c1", T0));
        store.record(event("k1", keep, unit(3), "c2", T0));
        store.afterForgetMark(DISK_FAILS);
        assertThrows(IOException.class, () -> store.forgetSession(gone));
        assertThrows(IOException.class, () -> store.forgetSession(alsoGone));
        // the disk stays full: the store's own retries fail too
        store.record(event("k2", keep, unit(4), "c3", T0)); // feedback goes on, and so do
        store.checkpoint(); // checkpoints: their ledger commits keep both marks
        assertEquals(Set.of(gone, alsoGone),
            Set.copyOf(ForgetMarks.read(fixture.committedLedgerData()).sessions()));
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(store.similar(unit(1), 0.99f, 5).isEmpty(), "a forgotten session came back");
        assertTrue(store.similar(unit(2), 0.99f, 5).isEmpty(), "a forgotten session came back");
        assertFalse(store.contains("g1") || store.contains("a1"));
        assertEquals(LearnedValues.NEUTRAL, store.learned("c0"));
        assertEquals(LearnedValues.NEUTRAL, store.learned("c1"));
        assertTrue(store.contains("k1") && store.contains("k2"), "other sessions' stay");
        assertEquals(2, store.stats().clusters().clusters());
        assertTrue(ForgetMarks.read(fixture.committedLedgerData()).isEmpty(), "finished");
        store.record(event("g2", gone, unit(5), "c0", T0)); // the session's later feedback
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(store.contains("g2"), "a finished forget is not done again");
        assertEquals(1, store.similar(unit(5), 0.99f, 5).size());
      }
    }
  }

  @Test
  void aFailedForgetAskedForAgainFinishesAtOnce() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        String gone = store.sessions().hash("gone");
        store.record(event("g1", gone, unit(1), "c0", T0));
        store.afterForgetMark(DISK_FAILS);
        assertThrows(IOException.class, () -> store.forgetSession(gone));
        store.afterForgetMark(RETRIES_FAIL);
        assertEquals(1, store.forgetSession(gone));
        assertTrue(store.similar(unit(1), 0.99f, 5).isEmpty());
        assertTrue(ForgetMarks.read(fixture.committedLedgerData()).isEmpty());
        store.record(event("g2", gone, unit(2), "c1", T0));
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(store.contains("g2"), "nothing was left to finish");
      }
    }
  }

  @Test
  void aForgetAllWhoseFollowUpFailedIsFinishedByTheNextOpenFollowUpIncluded() throws Exception {
    AtomicInteger followUps = new AtomicInteger();
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(() -> {
        throw new IOException("injected: the weights could not be saved");
      })) {
        store.record(event("a1", store.sessions().hash("a"), unit(1), "c0", T0));
        store.record(event("b1", store.sessions().hash("b"), unit(2), "c1", T0));
        assertThrows(IOException.class, store::forgetAll);
        assertEquals(0, store.stats().ledgerEvents(), "the store's own part was done");
        store.record(event("b2", store.sessions().hash("b"), unit(3), "c2", T0));
        store.checkpoint();
        assertTrue(ForgetMarks.read(fixture.committedLedgerData()).all());
      }
      try (FeedbackStore store = fixture.open(followUps::incrementAndGet)) {
        assertEquals(1, followUps.get(), "the open ran the forget-all's follow-up");
        assertEquals(0, store.stats().ledgerEvents(), "feedback since the forget goes with it");
        assertEquals(0, store.stats().clusters().clusters());
        assertEquals(LearnedValues.NEUTRAL, store.learned("c2"));
        assertEquals(Map.of(), ForgetMarks.read(fixture.committedLedgerData()).userData());
      }
      try (FeedbackStore store = fixture.open(followUps::incrementAndGet)) {
        assertEquals(1, followUps.get(), "a finished forget-all is not done again");
      }
    }
  }

  @Test
  void marksReadBackAsWrittenAndTheSingleMarkOfEarlierVersionsIsRead() {
    ForgetMarks marks = new ForgetMarks();
    marks.add("s1");
    marks.add("s2");
    marks.add("s3");
    ForgetMarks read = ForgetMarks.read(marks.userData());
    assertEquals(Set.of("s1", "s2", "s3"), Set.copyOf(read.sessions()));
    assertFalse(read.all());
    assertEquals(List.of("old"),
        ForgetMarks.read(Map.of(ForgetMarks.FORGET_SESSION, "old", "other", "x")).sessions());
    read.finished("s2");
    assertEquals(Set.of("s1", "s3"), Set.copyOf(read.sessions()));
    read.add(null);
    read.finished(null);
    assertTrue(read.isEmpty(), "a finished forget-all finishes every session's forget too");
  }
}
