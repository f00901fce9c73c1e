package dev.relearn.lucene.files;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs file work on relearn's own threads, which nothing interrupts. Java closes a file channel
 * when the thread using it is interrupted ({@link InterruptedWrites}), so a caller's {@code
 * Future.cancel(true)} that landed in a Lucene flush, a commit or a log append cost the index its
 * write lock, or the feedback store its writer, until a restart: a cancelled search-as-you-type
 * query was enough, since a search may make fresh feedback visible first, which writes.
 *
 * <p>{@link #call} hands the work to a daemon thread of a shared pool and waits for it without
 * being interruptible; an interrupt meanwhile is passed to the caller's {@code onInterrupt} (to
 * stop long work at a safe point) and the caller's interrupt status is restored when the work
 * has ended, so the work is never cut half-way: it completes or fails on its own terms, and its
 * exception is rethrown as it was. A thread made by {@link #factory} (the engine's own pools)
 * runs the work inline, as do the pool's threads. The threads end after a minute idle.
 */
public final class IoThreads {
  private static final Map<String, AtomicInteger> NUMBERS = new ConcurrentHashMap<>();
  private static final ThreadLocal<Boolean> OWN = ThreadLocal.withInitial(() -> false);
  private static final long KEEP_ALIVE_SECONDS = 60;
  private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, Integer.MAX_VALUE,
      KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(), factory("relearn-io-"));

  private IoThreads() {}

  /** File work: what it returns, or the exception that stopped it. */
  @FunctionalInterface
  public interface IoCall<T> {
    /** Does the work. */
    T call() throws IOException;
  }

  /** File work that returns nothing. */
  @FunctionalInterface
  public interface IoRun {
    /** Does the work. */
    void run() throws IOException;
  }

  /**
   * Daemon threads named {@code prefix} and a number (counted across the JVM for each prefix, so
   * that thread dumps tell pools apart), on which {@link #call} runs work inline: for pools whose
   * threads nobody interrupts.
   */
  public static ThreadFactory factory(String prefix) {
    AtomicInteger count = NUMBERS.computeIfAbsent(prefix, p -> new AtomicInteger());
    return task -> {
      Thread thread = new Thread(() -> {
        OWN.set(true);
        task.run();
      }, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Whether the current thread is one of relearn's own (made by {@link #factory}). */
  public static boolean onOwnThread() {
    return OWN.get();
  }

  /** Runs {@code work} where no interrupt can reach it; see the class comment. */
  public static <T> T call(IoCall<T> work) throws IOException {
    return call(work, () -> {});
  }

  /** As {@link #call(IoCall)}, for work that returns nothing. */
  public static void run(IoRun work) throws IOException {
    call(() -> {
      work.run();
      return null;
    });
  }

  /**
   * As {@link #call(IoCall)}; {@code onInterrupt} runs (once, on the caller's thread) if the
   * caller is interrupted while the work runs.
   */
  public static <T> T call(IoCall<T> work, Runnable onInterrupt) throws IOException {
    if (onOwnThread()) {
      return work.call();
    }
    return await(start(work), onInterrupt);
  }

  /** Starts {@code work} on a pool thread; see {@link #await} for its outcome. */
  public static <T> Future<T> start(IoCall<T> work) {
    return POOL.submit(work::call);
  }

  /**
   * Waits for {@code started} without being interruptible, running {@code onInterrupt} once if
   * the caller is interrupted meanwhile (its status is restored before returning), and returns
   * its result or rethrows its exception unchanged.
   */
  public static <T> T await(Future<T> started, Runnable onInterrupt) throws IOException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return started.get();
        } catch (InterruptedException e) {
          if (!interrupted) {
            interrupted = true;
            onInterrupt.run();
          }
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
    throw new IllegalStateException("IoCall threw a checked " + failure.getClass().getName(),
        failure); // IoCall declares IOException only
  }
}
