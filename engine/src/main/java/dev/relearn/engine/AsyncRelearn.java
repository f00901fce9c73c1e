package dev.relearn.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Relearn} for callers that must not block, such as an IDE's UI thread: every call
 * returns a {@link CompletableFuture} at once and runs on an executor (docs/JAVA_API.md).
 *
 * <p>Only a null argument throws at once; anything else, even a bad argument or feedback on a
 * read-only index, arrives as an exceptionally completed future. A future completed (say,
 * cancelled) before its call starts skips the call; a call that started runs to the end, its
 * result then dropped: threads are never interrupted, because an interrupt closes Lucene's file
 * channels.
 *
 * <p>Open once per index folder, share the instance between threads, {@link #close()} it once.
 * Without an executor argument it owns 2 to 4 daemon threads {@code relearn-async-N} (as many as
 * cores, so that a long index call never holds up every search; idle ones end after a minute) and
 * shuts them down on close; a caller's executor is never shut down. An instance that opened its
 * engine closes it; one made by {@link #wrap} leaves it to its owner. Callbacks chained with
 * {@code thenAccept} run on the worker thread ({@code thenAcceptAsync(f, uiExecutor)} gets back
 * to a UI thread). A caller's executor that drops queued calls ({@code shutdownNow}) must be
 * terminated before {@link #close()}: close then fails the dropped calls' futures and closes.
 * Query text is never written or logged. Thread-safe: the calls in flight and the closing future
 * are guarded by one lock.
 */
public final class AsyncRelearn {
  private static final String NAME_PREFIX = "relearn-async-";

  private final Relearn relearn;
  private final boolean ownsRelearn;
  private final Executor executor; // ownPool, or the caller's
  private final ExecutorService ownPool; // null on a caller's executor
  private final Object lock = new Object();
  private int inFlight;
  private final Set<CompletableFuture<?>> queued = new HashSet<>(); // in flight, not started
  private CompletableFuture<Void> closing;

  private AsyncRelearn(Relearn relearn, boolean ownsRelearn, Executor callers,
      ExecutorService ownPool) {
    this.relearn = Objects.requireNonNull(relearn, "relearn");
    this.ownsRelearn = ownsRelearn;
    this.executor = ownPool != null ? ownPool : callers;
    this.ownPool = ownPool;
  }

  /**
   * Opens {@link Relearn#open(Path, RelearnOptions)} on a pool of its own. The future fails with
   * what that throws, such as {@link IndexInUseException}.
   */
  public static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options) {
    return open(dir, options, false, null);
  }

  /** Opens on {@code executor}, which then runs every call and is never shut down by this. */
  public static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options,
      Executor executor) {
    return open(dir, options, false, Objects.requireNonNull(executor, "executor"));
  }

  /**
   * Opens read-write, or read-only when another engine (in this process or another) holds the
   * folder's write lock or the folder cannot be written; {@link #readOnly()} tells which.
   * Read-only searches follow the writer's commits (looked for at most every {@link
   * Relearn#READ_ONLY_REFRESH_MILLIS} ms); feedback, index and reset calls fail.
   */
  public static CompletableFuture<AsyncRelearn> openPreferWritable(Path dir,
      RelearnOptions options) {
    return open(dir, options, true, null);
  }

  /** {@link #openPreferWritable(Path, RelearnOptions)} on a caller's executor. */
  public static CompletableFuture<AsyncRelearn> openPreferWritable(Path dir,
      RelearnOptions options, Executor executor) {
    return open(dir, options, true, Objects.requireNonNull(executor, "executor"));
  }

  /** Wraps an engine the caller opened and will close, with a pool of its own. */
  public static AsyncRelearn wrap(Relearn relearn) {
    return new AsyncRelearn(relearn, false, null, newPool());
  }

  /** Wraps an engine the caller opened and will close, running calls on {@code executor}. */
  public static AsyncRelearn wrap(Relearn relearn, Executor executor) {
    return new AsyncRelearn(relearn, false, Objects.requireNonNull(executor, "executor"), null);
  }

  /** One call on the engine, such as {@code r -> r.search(request)}. */
  @FunctionalInterface
  public interface Call<T> {
    /** Calls {@code relearn} (on a worker thread). */
    T run(Relearn relearn) throws IOException;
  }

  /**
   * Runs any {@link Relearn} call on a worker thread, such as {@code async.call(r ->
   * r.search(request))}, {@code r -> r.feedback(request)} (durable when the future completes) or
   * {@code r -> r.index(path, format, progress)} ({@code progress} is called on the worker
   * thread; index calls run one at a time, searches go on meanwhile). The future completes with
   * what the call returns or throws; after {@link #close()}, with {@link IllegalStateException}.
   */
  public <T> CompletableFuture<T> call(Call<T> call) {
    Objects.requireNonNull(call, "call");
    CompletableFuture<T> future = new CompletableFuture<>();
    synchronized (lock) {
      if (closing != null) {
        return CompletableFuture.failedFuture(new IllegalStateException(
            "the relearn engine for " + relearn.directory() + " is closed"));
      }
      inFlight++;
      queued.add(future);
    }
    try {
      executor.execute(() -> run(call, future));
    } catch (RejectedExecutionException e) {
      future.completeExceptionally(e);
      finished(future);
    }
    return future;
  }

  /** Loads the embedding model now (about a second for bge-small), sparing the first search. */
  public CompletableFuture<Void> warmUp() {
    return call(engine -> {
      engine.embedder();
      return null;
    });
  }

  /**
   * The engine, for calls that never block: {@link Relearn#weights()}, {@link
   * Relearn#metadata()}, {@link Relearn#config()}. Do not close it through here.
   */
  public Relearn relearn() {
    return relearn;
  }

  /** Whether the engine is read-only (searches only). */
  public boolean readOnly() {
    return relearn.readOnly();
  }

  /**
   * Stops taking calls, lets every call made before finish, then closes the engine if this
   * opened it and shuts down its own pool. Calls a terminated executor dropped fail with {@link
   * IllegalStateException}. Calling it again returns the same outcome.
   */
  public CompletableFuture<Void> close() {
    boolean now;
    List<CompletableFuture<?>> dropped = List.of();
    synchronized (lock) {
      boolean first = closing == null;
      if (first) {
        closing = new CompletableFuture<>();
      }
      if (executor instanceof ExecutorService service && service.isTerminated()) {
        dropped = List.copyOf(queued); // no call runs any more: these never will
        queued.clear();
        inFlight -= dropped.size();
      }
      now = inFlight == 0 && (first || !dropped.isEmpty());
    }
    dropped.forEach(future -> future.completeExceptionally(new IllegalStateException(
        "the executor was shut down before this call to relearn ran")));
    if (now) {
      try {
        executor.execute(this::release);
      } catch (RejectedExecutionException e) { // a caller's executor that is shut down already
        Thread.ofPlatform().daemon(false).name(NAME_PREFIX + "close").start(this::release);
      }
    }
    return closing.copy();
  }

  /** The pool this owns, or null when it runs on a caller's executor. For tests. */
  ExecutorService ownPool() {
    return ownPool;
  }

  private static ExecutorService newPool() {
    int size = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    ThreadPoolExecutor pool = new ThreadPoolExecutor(size, size, 60, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), Thread.ofPlatform().daemon().name(NAME_PREFIX, 1).factory());
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /** Opens on {@code callers}, or a new pool; a cancelled open opens nothing, or closes it. */
  private static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options,
      boolean preferWritable, Executor callers) {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(options, "options");
    ExecutorService pool = callers == null ? newPool() : null;
    CompletableFuture<AsyncRelearn> future = new CompletableFuture<>();
    Runnable task = () -> {
      try {
        if (!future.isDone()) { // else cancelled before it started: open nothing
          Relearn relearn = openEngine(dir, options, preferWritable);
          if (future.complete(new AsyncRelearn(relearn, true, callers, pool))) {
            return;
          }
          relearn.close(); // cancelled while opening: nobody else will close it
        }
        shutdown(pool);
      } catch (IOException | RuntimeException | Error e) {
        shutdown(pool);
        boolean told = future.completeExceptionally(e);
        if (e instanceof Error error) {
          throw error;
        } else if (!told) { // nobody is listening: the thread reports it
          throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
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
    } catch (IndexInUseException | IndexNotWritableException e) {
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

  private <T> void run(Call<T> call, CompletableFuture<T> future) {
    synchronized (lock) {
      queued.remove(future);
    }
    try {
      if (!future.isDone()) {
        future.complete(call.run(relearn));
      }
    } catch (IOException | RuntimeException | Error e) {
      future.completeExceptionally(e);
      if (e instanceof Error error) {
        throw error;
      }
    } finally {
      finished(null);
    }
  }

  /** One call in flight less: {@code future}'s, which never started, or a call that ran. */
  private void finished(CompletableFuture<?> future) {
    synchronized (lock) {
      queued.remove(future);
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
