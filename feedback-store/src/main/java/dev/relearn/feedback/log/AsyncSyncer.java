package dev.relearn.feedback.log;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The named daemon thread of {@link Durability#ASYNC}: fsyncs the log every interval if anything
 * was appended; a failure makes the log fail (reported by the next call) and ends the thread.
 */
final class AsyncSyncer {
  private final Translog log;
  private final long intervalNanos;
  private final CountDownLatch stop = new CountDownLatch(1);
  private final Thread thread;

  AsyncSyncer(Translog log, Duration interval, String name) {
    this.log = log;
    this.intervalNanos = interval.toNanos();
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void run() {
    try {
      while (!stop.await(intervalNanos, TimeUnit.NANOSECONDS)) {
        log.backgroundSync();
      }
    } catch (IOException e) {
      log.backgroundFailed(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.backgroundFailed(new IOException("the background sync thread " + thread.getName()
          + " was interrupted, so appends are no longer synced", e));
    }
  }

  /** Stops the thread and waits for a running fsync to finish. */
  void stop() {
    stop.countDown();
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true; // finish stopping first, then restore the caller's interrupt
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
