package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedFeedbackTest {
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path tmp;

  @Test
  void pastQueriesAreSeenInTheLogBeforeACheckpointAndInTheClustersAfterIt() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      assertFalse(RecordedFeedback.present(fixture.folder), "no folder yet");
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertFalse(RecordedFeedback.present(fixture.folder), "an open store without events");
        store.record(event("e1", "s1", unit(1), "c0", T0));
        // durable in the log only: the store is open (and locked), nothing is checkpointed
        assertTrue(RecordedFeedback.present(fixture.folder), "an event in the log");
        store.checkpoint();
      }
      assertTrue(RecordedFeedback.present(fixture.folder), "a cluster after the checkpoint");
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        store.forgetAll();
      }
      assertFalse(RecordedFeedback.present(fixture.folder), "all forgotten");
    }
  }
}
