package dev.relearn.engine;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * How {@link AsyncRelearn} runs its calls: each on the executor, completing a future, skipped
 * when the future is done before the call starts, never interrupted. It counts the calls in
 * flight, so that {@link #close()} refuses later calls at once but releases the engine (closing
 * it when the {@link AsyncRelearn} opened it) and the own pool only after the last call made
 * before it ends. Thread-safe: the count and the closing future are guarded by one lock.
 */
final class AsyncCalls {
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

  /** One engine call. */
  @FunctionalInterface
  interface Call<T> {
    T run() throws IOException;
  }

  /** The pool this owns, or null when it runs on a caller's executor. */
  ExecutorService ownPool() {
    return ownPool;
  }

  /** Hands {@code call} to the executor; a closed instance fails the future at once. */
  <T> CompletableFuture<T> submit(Call<T> call) {
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
        Thread closer = new Thread(this::release, AsyncThreads.NAME_PREFIX + "close");
        closer.setDaemon(false);
        closer.start();
      }
    }
    return closing.copy();
  }

  private Executor executor() {
    return ownPool != null ? ownPool : executor;
  }

  private <T> void run(Call<T> call, CompletableFuture<T> future) {
    try {
      if (!future.isDone()) {
        future.complete(call.run());
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
    if (ownPool != null) {
      ownPool.shutdown();
    }
    if (failure == null) {
      closing.complete(null);
    } else {
      closing.completeExceptionally(failure);
    }
  }
}
