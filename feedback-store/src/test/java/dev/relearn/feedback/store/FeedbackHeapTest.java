package dev.relearn.feedback.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.log.Durability;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heap a store holds per recorded event, so that a million events fit in a 4 GB heap: each
 * query vector is held once (as a centroid), the events' evidence is read from the events index
 * rather than kept, and the clusters, aggregates and ids are held compactly.
 */
class FeedbackHeapTest {
  private static final int EVENTS = 3_000;
  /** The most heap one event may hold, its 1,536-byte centroid included (7,362 before). */
  private static final long BYTES_PER_EVENT = 3_500;

  @TempDir Path tmp;

  @Test
  void aRecordedEventAndItsReopeningHoldLittleHeap() throws Exception {
    ScaleEvents load = new ScaleEvents(7);
    try (StoreFixture fixture = new StoreFixture(tmp, System.currentTimeMillis())) {
      FeedbackStoreConfig config = FeedbackStoreConfig.defaults(ScaleEvents.DIMENSION)
          .withDurability(Durability.ASYNC);
      long base;
      try (FeedbackStore store = fixture.open(config, ForgetAllFollowUp.NONE)) {
        load.record(store, 0, 1, System.currentTimeMillis()); // the store's fixed costs
        base = ScaleEvents.heap();
        load.record(store, 1, EVENTS, System.currentTimeMillis() - EVENTS);
        assertWithinBudget("recorded", ScaleEvents.heap() - base);
        store.checkpoint();
      }
      try (FeedbackStore store = fixture.open(config, ForgetAllFollowUp.NONE)) {
        assertWithinBudget("reopened", ScaleEvents.heap() - base);
        assertTrue(store.events() == EVENTS, "events: " + store.events());
      }
    }
  }

  private static void assertWithinBudget(String when, long bytes) {
    long perEvent = bytes / (EVENTS - 1);
    System.out.printf(Locale.ROOT, "%s: %,d bytes per event%n", when, perEvent);
    assertTrue(perEvent < BYTES_PER_EVENT, when + ": " + perEvent + " bytes per event");
  }
}
