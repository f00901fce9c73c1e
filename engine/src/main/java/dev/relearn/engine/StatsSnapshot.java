package dev.relearn.engine;

import dev.relearn.feedback.store.StoreStats;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.apache.lucene.util.IOSupplier;

/**
 * The feedback store's counts for the answer after each event: counting reads every past-query
 * cluster, so the event count is exact and the rest are at most {@link #MAX_AGE_MILLIS} old. One
 * caller counts at a time while others answer from the previous count; {@link #invalidate}
 * (after a forget) makes the next count afresh. Thread-safe.
 */
final class StatsSnapshot {
  /** How old the counts other than the event count may be. */
  static final long MAX_AGE_MILLIS = 1_000;

  private final IOSupplier<StoreStats> count;
  private final LongSupplier events;
  private final LongSupplier nanoClock;
  private final ReentrantLock counting = new ReentrantLock();
  private volatile Counted last; // null: none yet, or invalidated

  private record Counted(StoreStats stats, long nanos) {}

  /** @param count counts everything (expensive); {@code events} is the exact event count */
  StatsSnapshot(IOSupplier<StoreStats> count, LongSupplier events, LongSupplier nanoClock) {
    this.count = count;
    this.events = events;
    this.nanoClock = nanoClock;
  }

  /** The counts: events exact, the rest at most {@link #MAX_AGE_MILLIS} old. */
  StoreStats get() throws IOException {
    Counted seen = last;
    if (seen == null || nanoClock.getAsLong() - seen.nanos()
        > TimeUnit.MILLISECONDS.toNanos(MAX_AGE_MILLIS)) {
      if (seen == null) {
        counting.lock(); // nothing to answer from: wait for the count in flight, if any
      } else if (!counting.tryLock()) {
        return withEvents(seen.stats()); // another caller is counting afresh
      }
      try {
        Counted now = last;
        if (now == seen || now == null) {
          long started = nanoClock.getAsLong();
          now = new Counted(count.get(), started);
          last = now;
        }
        seen = now;
      } finally {
        counting.unlock();
      }
    }
    return withEvents(seen.stats());
  }

  /** Makes the next {@link #get} count afresh (a forget changed the counts). */
  void invalidate() {
    last = null;
  }

  private StoreStats withEvents(StoreStats stats) {
    return new StoreStats(stats.clusters(), events.getAsLong(), stats.learnedChunks(),
        stats.pendingUpdates(), stats.recovery());
  }
}
