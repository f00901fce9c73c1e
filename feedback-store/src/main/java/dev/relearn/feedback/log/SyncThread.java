package dev.relearn.feedback.log;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The log's named daemon sync thread. With {@link Durability#ASYNC} it fsyncs every interval if
 * anything was appended. With {@link Durability#REQUEST} it starts the fsync an appender asks for
 * ahead of its wait ({@link Translog#syncAhead}), so that the appender's other work overlaps the
 * fsync; the appender's {@link Translog#awaitDurable} still waits for an fsync covering its record,
 * or leads one itself if this thread has not started it yet. A failure makes the log fail
 * (reported by the next call) and ends the thread.
 */
final class SyncThread {
  private final Translog log;
  private final long intervalNanos; // 0: only on request
  private final Thread thread;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition wake = lock.newCondition();
  private long requested; // guarded by lock: the highest record asked for
  private long started; // guarded by lock: the highest record a started sync covers
  private boolean stopping; // guarded by lock

  /** A thread that syncs every {@code interval}, or, when it is null, only on request. */
  SyncThread(Translog log, Duration interval, String name) {
    this.log = log;
    this.intervalNanos = interval == null ? 0 : interval.toNanos();
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Asks for an fsync covering record {@code seq}, if none started since it was written. */
  void request(long seq) {
    lock.lock();
    try {
      if (seq > requested && seq > started) {
        requested = seq;
        wake.signal();
      }
    } finally {
      lock.unlock();
    }
  }

  private void run() {
    try {
      while (awaitWork()) {
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

  /** Waits for a request or the interval's end; false once stopping. */
  private boolean awaitWork() throws InterruptedException {
    lock.lock();
    try {
      long left = intervalNanos;
      while (!stopping && requested <= started && (intervalNanos == 0 || left > 0)) {
        if (intervalNanos == 0) {
          wake.await();
        } else {
          left = wake.awaitNanos(left);
        }
      }
      started = Math.max(started, log.writtenSeq()); // the sync covers every record written
      return !stopping;
    } finally {
      lock.unlock();
    }
  }

  /** Stops the thread and waits for a running fsync to finish. */
  void stop() {
    lock.lock();
    try {
      stopping = true;
      wake.signal();
    } finally {
      lock.unlock();
    }
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
