package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A forget is logged before it is applied, so one that a crash or a failure cut short is
 * finished by the next open's replay, in log order with the events around it: the session's
 * earlier events go, its later ones stay. A forget-all's follow-up (the engine's weights reset)
 * runs with it.
 */
class UnfinishedForgetTest {
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path tmp;

  @Test
  void aForgetLoggedBeforeACrashIsFinishedByTheNextOpen() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      String gone;
      String keep;
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        gone = store.sessions().hash("gone");
        keep = store.sessions().hash("keep");
        store.record(event("g1", gone, unit(1), "c0", T0));
        store.record(event("k1", keep, unit(2), "c1", T0));
      }
      // what a crash right after the forget was logged leaves: everything else as it was
      fixture.appendToLog(EventCodec.encodeForget(gone));
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(store.similar(unit(1), 0.99f, 5).isEmpty(), "a forgotten session came back");
        assertFalse(store.contains("g1"));
        assertEquals(LearnedValues.NEUTRAL, store.learned("c0"));
        assertTrue(store.contains("k1"), "other sessions' feedback stays");
        assertEquals(1, store.similar(unit(2), 0.99f, 5).size());
        store.record(event("g2", gone, unit(3), "c2", T0)); // the session's later feedback
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertTrue(store.contains("g2"), "a finished forget is not replayed again");
        assertEquals(1, store.similar(unit(3), 0.99f, 5).size());
      }
    }
  }

  @Test
  void aReplayedForgetDeletesTheEventsBeforeItAndKeepsThoseAfterIt() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      String gone;
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        gone = store.sessions().hash("gone");
      }
      fixture.appendToLog(EventCodec.encode(event("g1", gone, unit(1), "c0", T0)),
          EventCodec.encodeForget(gone), EventCodec.encode(event("g2", gone, unit(2), "c1", T0)));
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertFalse(store.contains("g1"));
        assertTrue(store.contains("g2"));
        assertEquals(LearnedValues.NEUTRAL, store.learned("c0"));
        assertEquals(1.0, store.learned("c1").clicks(), 1e-9);
      }
    }
  }

  @Test
  void aForgetAllWhoseFollowUpFailedStopsTheStoreAndTheNextOpenFinishesIt() throws Exception {
    AtomicInteger followUps = new AtomicInteger();
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(() -> {
        throw new IOException("injected: the weights could not be saved");
      })) {
        store.record(event("a1", store.sessions().hash("a"), unit(1), "c0", T0));
        store.record(event("b1", store.sessions().hash("b"), unit(2), "c1", T0));
        assertThrows(IOException.class, store::forgetAll);
        assertTrue(store.similar(unit(2), 0.0f, 5).isEmpty(), "lookups skip what it deletes");
        IOException stopped = assertThrows(IOException.class,
            () -> store.record(event("b2", store.sessions().hash("b"), unit(3), "c2", T0)));
        assertTrue(stopped.getMessage().contains("reopen"), stopped.getMessage());
        assertTrue(store.failure() != null);
      }
      try (FeedbackStore store = fixture.open(followUps::incrementAndGet)) {
        assertEquals(1, followUps.get(), "the open ran the forget-all's follow-up");
        assertEquals(0, store.stats().ledgerEvents());
        assertEquals(0, store.stats().clusters().clusters());
        assertEquals(LearnedValues.NEUTRAL, store.learned("c1"));
      }
      try (FeedbackStore store = fixture.open(followUps::incrementAndGet)) {
        assertEquals(1, followUps.get(), "a finished forget-all is not done again");
      }
    }
  }

  @Test
  void forgetRecordsRoundTripAndDamageIsNamed() {
    assertEquals("s1", EventCodec.decodeForget(EventCodec.encodeForget("s1")));
    assertEquals(null, EventCodec.decodeForget(EventCodec.encodeForget(null)));
    assertTrue(EventCodec.isForget(EventCodec.encodeForget(null)));
    assertFalse(EventCodec.isForget(EventCodec.encode(event("e", "s", unit(1), "c0", T0))));
    byte[] damaged = EventCodec.encodeForget("s1");
    damaged[1] = 1; // says "everything" but names a session
    assertThrows(IllegalArgumentException.class, () -> EventCodec.decodeForget(damaged));
  }
}
