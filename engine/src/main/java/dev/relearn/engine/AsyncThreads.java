package dev.relearn.engine;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The pool an {@link AsyncRelearn} owns when the caller passes no executor: a few daemon threads
 * named {@code relearn-async-N} that end after a minute idle, with an unbounded queue. Their calls
 * that write run on the engine's write threads, like any caller's.
 */
final class AsyncThreads {
  /** How long an idle thread is kept. */
  static final long KEEP_ALIVE_SECONDS = 60;
  /** The name every thread of such a pool starts with. */
  static final String NAME_PREFIX = "relearn-async-";

  private AsyncThreads() {}

  /**
   * Threads for this machine: as many as cores, at most 4 and at least 2, so that a long index
   * call never holds up every search on a one-core machine.
   */
  static int defaultSize() {
    return Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  /** A new pool of {@link #defaultSize()} threads. */
  static ExecutorService newPool() {
    ThreadFactory factory = Thread.ofPlatform().daemon().name(NAME_PREFIX, 1).factory();
    int size = defaultSize();
    ThreadPoolExecutor pool = new ThreadPoolExecutor(size, size, KEEP_ALIVE_SECONDS,
        TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }
}
