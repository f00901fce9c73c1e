package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.feedback.index.FeedbackStats;
import dev.relearn.feedback.log.ReplayReport;
import dev.relearn.feedback.store.StoreStats;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The counts after each event: the event count exact, the rest counted at most once a second. */
class StatsSnapshotTest {
  private final AtomicInteger counts = new AtomicInteger();
  private final AtomicLong events = new AtomicLong();
  private final AtomicLong clock = new AtomicLong(1_000_000);
  private final StatsSnapshot snapshot = new StatsSnapshot(() -> {
    counts.incrementAndGet();
    return stats(counts.get());
  }, events::get, clock::get);

  private static StoreStats stats(int clusters) {
    return new StoreStats(new FeedbackStats(clusters, clusters, 0, 1, Map.of(), Map.of()), 0, 0, 0,
        ReplayReport.NONE);
  }

  @Test
  void aBurstCountsOncePerIntervalWithTheEventCountExact() throws Exception {
    for (int i = 1; i <= 500; i++) {
      events.set(i);
      StoreStats stats = snapshot.get();
      assertEquals(i, stats.ledgerEvents(), "the event count is exact");
      assertEquals(1, stats.clusters().clusters(), "counted once");
      clock.addAndGet(TimeUnit.MICROSECONDS.toNanos(1));
    }
    assertEquals(1, counts.get(), "one count for 500 events within the interval");
    clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(StatsSnapshot.MAX_AGE_MILLIS) + 1);
    assertEquals(2, snapshot.get().clusters().clusters(), "counted afresh once too old");
    snapshot.invalidate();
    assertEquals(3, snapshot.get().clusters().clusters(), "counted afresh after a forget");
    assertEquals(3, counts.get());
  }
}
