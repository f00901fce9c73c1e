package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunk renames that only expired events needed are pruned and committed with the expiry: they
 * do not come back at the next open.
 */
class ExpiredRenamesTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long DAY = Duration.ofDays(1).toMillis();
  private static final long TTL = FeedbackStoreConfig.defaults(1).index().ttl().toMillis();

  @TempDir Path tmp;

  @Test
  void renamesOnlyExpiredEventsNeededArePrunedAndCommitted() throws Exception {
    long later = T0 + 50 * DAY;
    try (StoreFixture fixture = new StoreFixture(tmp, later)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        String alice = store.sessions().hash("alice");
        store.record(event("e1", alice, unit(1), "c0", T0));
        store.record(event("e2", alice, unit(1), "c1", later)); // joins e1's cluster
        assertEquals(1, store.stats().clusters().clusters());
        store.renameChunks(Map.of("c0", "c3", "c1", "c4")); // logged
        assertEquals(0, fixture.committedRenames(), "committed by the next checkpoint");
        store.checkpoint();
        assertEquals(2, fixture.committedRenames());

        fixture.now.set(T0 + TTL + DAY);
        assertEquals(0, store.expire(), "e1 goes; its cluster keeps e2");
        assertFalse(store.contains("e1"));
        assertTrue(store.contains("e2"));
        assertEquals(1, store.stats().clusters().events());
        assertEquals(1, fixture.committedRenames(), "only e2's rename is still needed");
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertEquals(1, fixture.committedRenames(), "and stays pruned after a reopen");
        assertTrue(store.learned("c4").successes() > 0, "e2's evidence still follows c1");
      }
    }
  }
}
