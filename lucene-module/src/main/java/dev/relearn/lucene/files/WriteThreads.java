package dev.relearn.lucene.files;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.util.IORunnable;
import org.apache.lucene.util.IOSupplier;

/**
 * The threads a relearn engine or feedback store writes its files on: a few named daemon
 * threads, owned by the object that owns the writers and stopped by its {@link #close}. Java
 * closes a file channel when the thread using it is interrupted, and for Lucene that can be the
 * channel of an index's write lock or of a segment being flushed, which stops the writer for
 * good. Nobody interrupts these threads, so a write that starts here completes or fails on its
 * own terms.
 *
 * <p>The rule for callers: {@link #call} hands the work over and waits for it. If the caller's
 * thread is interrupted meanwhile, only the wait ends: the caller gets an {@link
 * InterruptedIOException} (its interrupt status kept) that says whether the work had begun
 * (then it goes on here and is not acknowledged to the caller) or not (then it never runs). Work
 * called from one of these threads runs inline, so a write may call another.
 */
public final class WriteThreads implements Closeable {
  private static final ThreadLocal<WriteThreads> OWNER = new ThreadLocal<>();
  private static final long KEEP_ALIVE_SECONDS = 60;

  private final ThreadPoolExecutor pool;
  private int submitted; // guarded by this: handed over and not yet ended
  private boolean closed; // guarded by this

  /** Up to {@code threads} daemon threads named {@code prefix} and a number, idle ones ending. */
  public WriteThreads(String prefix, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got: " + threads);
    }
    ThreadFactory named = Thread.ofPlatform().daemon().name(prefix, 1).factory();
    pool = new ThreadPoolExecutor(threads, threads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), task -> named.newThread(() -> {
          OWNER.set(this);
          task.run();
        }));
    pool.allowCoreThreadTimeOut(true);
  }

  /** Whether the current thread is a write thread (of any instance), which nobody interrupts. */
  public static boolean onWriteThread() {
    return OWNER.get() != null;
  }

  /**
   * Runs {@code work} on a write thread and returns what it returns, or rethrows its exception
   * unchanged; see the class comment for an interrupt.
   *
   * @throws InterruptedIOException if the caller was interrupted before the work ended
   * @throws IllegalStateException if these threads were closed
   */
  public <T> T call(IOSupplier<T> work) throws IOException {
    return call(work, () -> {});
  }

  /** As {@link #call(IOSupplier)}, for work that returns nothing. */
  public void run(IORunnable work) throws IOException {
    call(() -> {
      work.run();
      return null;
    });
  }

  /**
   * As {@link #call(IOSupplier)}; {@code onInterrupt} runs on the caller's thread when its wait
   * ends by an interrupt, before the exception is thrown (to ask long work to stop safely).
   */
  public <T> T call(IOSupplier<T> work, Runnable onInterrupt) throws IOException {
    if (onWriteThread()) {
      return work.get();
    }
    AtomicBoolean claimed = new AtomicBoolean(); // by the work when it starts, or by the caller
    Future<T> started = submit(() -> claimed.compareAndSet(false, true) ? work.get() : null);
    try {
      return started.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      onInterrupt.run();
      throw (InterruptedIOException) new InterruptedIOException(claimed.compareAndSet(false, true)
          ? "interrupted before the write began: it was not made and will not be"
          : "interrupted while waiting for the write: it was not acknowledged, and it goes on"
              + " by itself on relearn's own thread, where it completes or fails").initCause(e);
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    }
  }

  private synchronized <T> Future<T> submit(IOSupplier<T> work) {
    try {
      Future<T> future = pool.submit(() -> {
        try {
          return work.get();
        } finally {
          ended();
        }
      });
      submitted++;
      return future;
    } catch (RejectedExecutionException e) {
      throw new IllegalStateException("the write threads are closed", e);
    }
  }

  private synchronized void ended() {
    submitted--;
    notifyAll();
  }

  /** Waits for every write handed over, then stops the threads; see {@link #close(IORunnable)}. */
  @Override
  public void close() throws IOException {
    close(() -> {});
  }

  /**
   * Waits for every write handed over so far, including those whose callers stopped waiting,
   * runs {@code last} on a write thread (closing the writers, say) and stops the threads. Waits
   * whatever interrupts the caller, whose interrupt status is then set again. Closing again
   * does nothing.
   *
   * @throws IllegalStateException on one of these threads, which would wait for itself
   */
  public void close(IORunnable last) throws IOException {
    if (OWNER.get() == this) {
      throw new IllegalStateException("write threads cannot be closed from one of their own");
    }
    boolean interrupted = false;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      while (submitted > 0) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    try { // writes handed over meanwhile (the owner's maintenance, say) still run
      if (onWriteThread()) {
        last.run();
      } else {
        await(submit(() -> {
          last.run();
          return null;
        }));
      }
    } finally {
      pool.shutdown();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * What {@code started} returns, or its exception as thrown, waited for whatever interrupts the
   * caller, whose interrupt status is then set again: for work of microseconds, or a close.
   */
  static <T> T await(Future<T> started) throws IOException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return started.get();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** {@code failure} as it was thrown: an IOException, or unchecked. */
  private static IOException rethrow(Throwable failure) {
    if (failure instanceof IOException io) {
      return io;
    }
    if (failure instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException("IOSupplier threw a checked " + failure.getClass().getName(),
        failure); // IOSupplier declares IOException only
  }
}
