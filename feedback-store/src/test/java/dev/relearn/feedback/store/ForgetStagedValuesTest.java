package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.lucene.schema.LearnedValues;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A forget of feedback whose learned values were staged and not yet written leaves the doc
 * values as the remaining events say. The recomputation compared its result with the stored
 * doc values only: a chunk whose recomputed value equalled the stored one was left alone, and
 * the flush then wrote the forgotten session's staged value over it.
 */
class ForgetStagedValuesTest {
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path tmp;

  @Test
  void aForgetOverridesTheStagedValuesOfWhatItDeletes() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(slowFlush(fixture), ForgetAllFollowUp.NONE)) {
        String gone = store.sessions().hash("gone");
        store.record(event("g1", gone, unit(1), "c0", T0)); // staged, not written
        assertEquals(Map.of(), fixture.docValues(), "nothing written yet");
        store.forgetSession(gone);
        store.flushLearnedFields();
        assertEquals(LearnedValues.NEUTRAL, store.learned("c0"));
        assertEquals(Map.of(), fixture.docValues(), "the forgotten event's values were written");
      }
    }
  }

  @Test
  void aForgetOverridesValuesAnIndexCallWroteSinceTheLastRefresh() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0);
        FeedbackStore store = fixture.open(slowFlush(fixture), ForgetAllFollowUp.NONE)) {
      String gone = store.sessions().hash("gone");
      store.record(event("g1", gone, unit(1), "c9", T0)); // feedback on a chunk not indexed yet
      store.flushLearnedFields();
      // an index call's batch adds the chunk with what the store knows of it, and goes on
      fixture.indexChunk("c9", store.learned("c9"), store.chunkIndexWrites());
      store.forgetSession(gone);
      assertEquals(LearnedValues.NEUTRAL, store.learned("c9"));
      assertEquals(Map.of(), fixture.docValues(), "the forgotten session's values stayed");
    }
  }

  private static FeedbackStoreConfig slowFlush(StoreFixture fixture) {
    FeedbackStoreConfig config = fixture.config();
    return new FeedbackStoreConfig(config.durability(), config.syncInterval(),
        Duration.ofHours(1), Duration.ofHours(1), config.eta(), config.perSessionCap(),
        config.index(), config.protectVectors());
  }
}
