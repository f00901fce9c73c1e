package dev.relearn.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * A {@link Relearn} for callers that must not block, such as an IDE's UI thread: every call
 * returns a {@link CompletableFuture} at once and runs on an executor.
 *
 * <p>Nothing runs on the calling thread but the hand-over: even a bad argument (a negative limit,
 * a missing path, feedback on a read-only index) arrives as an exceptionally completed future,
 * never as a throw; only a null call throws {@link NullPointerException} at once. A future
 * that is cancelled (or completed any other way) before its call starts skips the call; a call
 * that has started runs to the end, its result then dropped: threads are never interrupted,
 * because an interrupt closes Lucene's file channels.
 *
 * <p>Lifecycle: {@link #open} (or {@link #openPreferWritable}) once per index folder, share the
 * instance between threads, {@link #close()} it once. Without an executor argument the instance
 * owns a small pool of daemon threads named {@code relearn-async-N} and shuts it down on close; a
 * caller's executor is used as is and never shut down. An instance that opened its engine closes
 * it; one made by {@link #wrap} leaves the engine to its owner. Callbacks chained with {@code
 * thenAccept} run on the worker thread; use {@code thenAcceptAsync(result, uiExecutor)} to get
 * back to a UI thread. Query text is never written or logged. Thread-safe. See docs/JAVA_API.md.
 */
public final class AsyncRelearn {
  private final Relearn relearn;
  private final AsyncCalls calls;

  /** Calls run on {@code ownPool} when it is not null, else on {@code executor}. */
  AsyncRelearn(Relearn relearn, boolean ownsRelearn, Executor executor,
      ExecutorService ownPool) {
    this.relearn = relearn;
    this.calls = new AsyncCalls(relearn, ownsRelearn, executor, ownPool);
  }

  /**
   * Opens {@link Relearn#open(Path, RelearnOptions)} on a pool of its own. The future fails with
   * what that throws, such as {@link IndexInUseException}.
   */
  public static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options) {
    return AsyncCalls.open(dir, options, false, null);
  }

  /** Opens on {@code executor}, which then runs every call and is never shut down by this. */
  public static CompletableFuture<AsyncRelearn> open(Path dir, RelearnOptions options,
      Executor executor) {
    return AsyncCalls.open(dir, options, false, Objects.requireNonNull(executor, "executor"));
  }

  /**
   * Opens read-write, or read-only when another engine (in this process or another) holds the
   * folder's write lock; {@link #readOnly()} tells which. Read-only searches follow the writer's
   * commits (looked for at most every {@link Relearn#READ_ONLY_REFRESH_MILLIS} ms); feedback,
   * index and reset calls fail.
   */
  public static CompletableFuture<AsyncRelearn> openPreferWritable(Path dir,
      RelearnOptions options) {
    return AsyncCalls.open(dir, options, true, null);
  }

  /** {@link #openPreferWritable(Path, RelearnOptions)} on a caller's executor. */
  public static CompletableFuture<AsyncRelearn> openPreferWritable(Path dir,
      RelearnOptions options, Executor executor) {
    return AsyncCalls.open(dir, options, true, Objects.requireNonNull(executor, "executor"));
  }

  /** Wraps an engine the caller opened and will close, with a pool of its own. */
  public static AsyncRelearn wrap(Relearn relearn) {
    return new AsyncRelearn(Objects.requireNonNull(relearn, "relearn"), false, null,
        AsyncCalls.newPool());
  }

  /** Wraps an engine the caller opened and will close, running calls on {@code executor}. */
  public static AsyncRelearn wrap(Relearn relearn, Executor executor) {
    return new AsyncRelearn(Objects.requireNonNull(relearn, "relearn"), false,
        Objects.requireNonNull(executor, "executor"), null);
  }

  /** One call on the engine, such as {@code r -> r.search(request)}. */
  @FunctionalInterface
  public interface Call<T> {
    /** Calls {@code relearn} (on a worker thread). */
    T run(Relearn relearn) throws IOException;
  }

  /**
   * Runs {@code call} on the engine on a worker thread: any {@link Relearn} call, such as {@code
   * async.call(r -> r.search(request))}, {@code r -> r.feedback(request)} (durable when the
   * future completes; fails with {@link IllegalStateException} on a read-only index) or {@code r
   * -> r.index(path, format, progress)} ({@code progress} is called on the worker thread; index
   * calls run one at a time, and searches go on meanwhile). The future completes with what the
   * call returns or throws.
   */
  public <T> CompletableFuture<T> call(Call<T> call) {
    Objects.requireNonNull(call, "call");
    return calls.submit(call);
  }

  /**
   * Loads the embedding model now (about a second for bge-small) so that the first search does
   * not pay for it. Optional.
   */
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

  /** The index folder. */
  public Path directory() {
    return relearn.directory();
  }

  /**
   * Stops taking calls (later ones fail with {@link IllegalStateException}), lets every call made
   * before finish, then closes the engine if this opened it and shuts down its own pool. Calling
   * it again returns the same outcome.
   */
  public CompletableFuture<Void> close() {
    return calls.close();
  }

  /** The pool this owns, or null when it runs on a caller's executor. For tests. */
  ExecutorService ownPool() {
    return calls.ownPool();
  }
}
