package dev.relearn.lucene.readers;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.search.ReferenceManager;

/**
 * Refreshes a reader that follows another process's commits: at most once per interval, and
 * never blocking (a refresh already under way is not waited for). Cheap to call on every search.
 * An interrupted caller keeps the last snapshot: the refresh opens files, and an interrupt would
 * fail it. The reader writes nothing, so an interrupt can cost no more than that. Thread-safe.
 */
public final class ThrottledRefresh {
  private final ReferenceManager<?> manager;
  private final long intervalNanos;
  private volatile long lastNanos = System.nanoTime();

  /** Refreshes {@code manager} at most every {@code intervalMillis} ms. */
  public ThrottledRefresh(ReferenceManager<?> manager, long intervalMillis) {
    this.manager = Objects.requireNonNull(manager, "manager");
    if (intervalMillis < 0) {
      throw new IllegalArgumentException("interval must be >= 0 ms, got: " + intervalMillis);
    }
    this.intervalNanos = intervalMillis * 1_000_000L;
  }

  /** Looks for a newer commit if the interval has passed since the last look. */
  public void maybeRefresh() throws IOException {
    long now = System.nanoTime();
    if (now - lastNanos >= intervalNanos && !Thread.currentThread().isInterrupted()) {
      lastNanos = now;
      manager.maybeRefresh();
    }
  }
}
