package dev.relearn.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * How {@link AsyncRelearn} opens its engine and runs its calls: each on the executor, completing
 * a future, skipped when the future is done before the call starts, never interrupted. It counts
 * the calls in flight, so that {@link #close()} refuses later calls at once but releases the
 * engine (closing it when the {@link AsyncRelearn} opened it) and the own pool only after the
 * last call made before it ends. Thread-safe: the count and the closing future are guarded by one
 * lock. The pool an instance owns when the caller passes no executor ({@link #newPool()}) has a
 * few daemon threads named {@code relearn-async-N}, as many as cores, at most 4 and at least 2
 * (a long index call never holds up every search), that end after a minute idle, with an
 * unbounded queue.
 */
final class AsyncCalls {
  /** The name every thread of an own pool starts with. */
  static final String NAME_PREFIX = "relearn-async-";

  private final Relearn relearn;
  private final boolean ownsRelearn;
  private final Executor executor;
  private final ExecutorService ownPool;
  private final Object lock = new Object();
  private int inFlight;
  private CompletableFuture<Void> closing;

  /** Calls run on {@code ownPool} when it is not null, else on {@code executor}. */
  AsyncCalls(Relearn relearn, boolean ownsRelearn, Executor executor, ExecutorService ownPool) {
    this.relearn = relearn;
    this.ownsRelearn = ownsRelearn;
    this.executor = executor;
    this.ownPool = ownPool;
  }

  /** A new pool of daemon threads, as the class comment says. */
  static ExecutorService newPool() {
    int size = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    ThreadPoolExecutor pool = new ThreadPoolExecutor(size, size, 60, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), Thread.ofPlatform().daemon().name(NAME_PREFIX, 1).factory());
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /**
   * Opens {@code dir} on {@code callers}, or on a new pool when it is null; with {@code
   * preferWritable}, read-only when another engine holds the write lock. A cancelled open opens
   * nothing, or closes what it opened too late.
   */
  static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options,
      boolean preferWritable, Executor callers) {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(options, "options");
    ExecutorService pool = callers == null ? newPool() : null;
    CompletableFuture<AsyncRelearn> future = new CompletableFuture<>();
    Runnable task = () -> {
      if (future.isDone()) { // cancelled before it started: open nothing
        shutdown(pool);
        return;
      }
      try {
        Relearn relearn = openEngine(dir, options, preferWritable);
        if (!future.complete(new AsyncRelearn(relearn, true, callers, pool))) {
          relearn.close(); // cancelled while opening: nobody else will close it
          shutdown(pool);
        }
      } catch (IOException | RuntimeException e) {
        shutdown(pool);
        if (!future.completeExceptionally(e)) { // nobody is listening: the thread reports it
          throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
      } catch (Error e) {
        shutdown(pool);
        future.completeExceptionally(e);
        throw e;
      }
    };
    try {
      (callers == null ? pool : callers).execute(task);
    } catch (RejectedExecutionException e) {
      shutdown(pool);
      future.completeExceptionally(e);
    }
    return future;
  }

  private static Relearn openEngine(Path dir, RelearnOptions options, boolean preferWritable)
      throws IOException {
    try {
      return Relearn.open(dir, options);
    } catch (IndexInUseException e) {
      if (!preferWritable || options.readOnly()) {
        throw e;
      }
      return Relearn.open(dir, options.withReadOnly(true));
    }
  }

  private static void shutdown(ExecutorService pool) {
    if (pool != null) {
      pool.shutdown();
    }
  }

  /** The pool this owns, or null when it runs on a caller's executor. */
  ExecutorService ownPool() {
    return ownPool;
  }

  /** Hands {@code call} to the executor; a closed instance fails the future at once. */
  <T> CompletableFuture<T> submit(AsyncRelearn.Call<T> call) {
    CompletableFuture<T> future = new CompletableFuture<>();
    synchronized (lock) {
      if (closing != null) {
        future.completeExceptionally(new IllegalStateException(
            "the relearn engine for " + relearn.directory() + " is closed"));
        return future;
      }
      inFlight++;
    }
    try {
      executor().execute(() -> run(call, future));
    } catch (RejectedExecutionException e) {
      future.completeExceptionally(e);
      finished();
    }
    return future;
  }

  /** See {@link AsyncRelearn#close()}: the same outcome every time. */
  CompletableFuture<Void> close() {
    boolean now;
    synchronized (lock) {
      now = closing == null && inFlight == 0;
      if (closing == null) {
        closing = new CompletableFuture<>();
      }
    }
    if (now) {
      try {
        executor().execute(this::release);
      } catch (RejectedExecutionException e) { // a caller's executor that is shut down already
        Thread closer = new Thread(this::release, NAME_PREFIX + "close");
        closer.setDaemon(false);
        closer.start();
      }
    }
    return closing.copy();
  }

  private Executor executor() {
    return ownPool != null ? ownPool : executor;
  }

  private <T> void run(AsyncRelearn.Call<T> call, CompletableFuture<T> future) {
    try {
      if (!future.isDone()) {
        future.complete(call.run(relearn));
      }
    } catch (IOException | RuntimeException e) {
      future.completeExceptionally(e);
    } catch (Error e) {
      future.completeExceptionally(e);
      throw e;
    } finally {
      finished();
    }
  }

  private void finished() {
    synchronized (lock) {
      inFlight--;
      if (inFlight > 0 || closing == null) {
        return;
      }
    }
    release();
  }

  private void release() {
    Exception failure = null;
    if (ownsRelearn) {
      try {
        relearn.close();
      } catch (IOException | RuntimeException e) {
        failure = e;
      }
    }
    shutdown(ownPool);
    if (failure == null) {
      closing.complete(null);
    } else {
      closing.completeExceptionally(failure);
    }
  }
}
