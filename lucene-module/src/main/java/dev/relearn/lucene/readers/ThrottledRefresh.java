package dev.relearn.lucene.readers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.apache.lucene.search.ReferenceManager;

/**
 * Refreshes a reader that follows another process's commits: at most once per interval, and
 * never blocking (a refresh already under way is not waited for). Cheap to call on every search.
 * The refresh opens files, and Java closes a file channel whose thread is interrupted, so it runs
 * on a virtual thread of its own that nobody interrupts; the caller waits for it, and an
 * interrupted caller stops waiting and keeps the last snapshot (its interrupt status kept), while
 * the refresh ends by itself. Thread-safe.
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
    if (now - lastNanos < intervalNanos || Thread.currentThread().isInterrupted()) {
      return;
    }
    lastNanos = now;
    FutureTask<Boolean> refresh = new FutureTask<>(manager::maybeRefresh);
    Thread.ofVirtual().name("relearn-refresh").start(refresh);
    try {
      refresh.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // this caller keeps the last snapshot
    } catch (ExecutionException e) {
      switch (e.getCause()) {
        case IOException io -> throw io;
        case RuntimeException runtime -> throw runtime;
        case Error error -> throw error;
        default -> throw new UncheckedIOException(new IOException(e.getCause()));
      }
    }
  }
}
