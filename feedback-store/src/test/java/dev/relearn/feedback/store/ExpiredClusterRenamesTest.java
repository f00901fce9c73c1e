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
 * Chunk renames that only an expired cluster needed are committed when the expiry prunes them,
 * also when no event expired with it. Before, only an event expiry or a forget committed them:
 * pruned in memory, they came back from the ledger's last commit at the next open and stayed.
 */
class ExpiredClusterRenamesTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long DAY = Duration.ofDays(1).toMillis();
  private static final long TTL = FeedbackStoreConfig.defaults(1).index().ttl().toMillis();

  @TempDir Path tmp;

  @Test
  void renamesPrunedWhenOnlyAClusterExpiredAreCommitted() throws Exception {
    long later = T0 + 50 * DAY;
    try (StoreFixture fixture = new StoreFixture(tmp, later)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        String alice = store.sessions().hash("alice");
        store.record(event("e1", alice, unit(1), "c0", T0));
        store.record(event("e2", alice, unit(1), "c1", later)); // joins e1's cluster
        assertEquals(1, store.stats().clusters().clusters());
        store.renameChunks(Map.of("c0", "c3")); // checkpoints
        assertEquals(1, fixture.committedRenames());

        fixture.now.set(T0 + TTL + DAY);
        store.expire(); // e1 goes; the cluster (last event: e2) stays and still names c0
        assertFalse(store.contains("e1"));
        assertEquals(1, store.stats().clusters().clusters());
        assertEquals(1, fixture.committedRenames(), "the cluster still needs the rename");

        // The ledger reads the clock before the cluster index does: a cluster can expire one
        // read before the event that made it last. Then no event expires, only the cluster.
        fixture.now.set(later + TTL);
        fixture.ticking(true);
        store.expire();
        fixture.ticking(false);
        assertTrue(store.contains("e2"), "no event expired");
        assertEquals(0, store.stats().clusters().clusters(), "the cluster expired");
        assertEquals(0, fixture.committedRenames(), "the pruned rename is committed at once");
      }
      fixture.now.set(later + DAY); // e2 stays within the time to live
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertEquals(0, fixture.committedRenames(), "and stays pruned after a reopen");
        assertTrue(store.contains("e2"));
      }
    }
  }
}
