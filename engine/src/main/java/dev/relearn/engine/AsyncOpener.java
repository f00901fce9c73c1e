package dev.relearn.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * Opens an engine for {@link AsyncRelearn} off the caller's thread, with a pool of its own or on
 * a caller's executor. A cancelled open opens nothing, or closes what it opened too late.
 */
final class AsyncOpener {
  private AsyncOpener() {}

  /**
   * Opens {@code dir} on {@code callers}, or on a new pool when it is null; with {@code
   * preferWritable}, read-only when another engine holds the write lock.
   */
  static CompletableFuture<AsyncRelearn> start(Path dir, RelearnOptions options,
      boolean preferWritable, Executor callers) {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(options, "options");
    ExecutorService pool = callers == null ? AsyncThreads.newPool() : null;
    Executor runOn = callers == null ? pool : callers;
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
      runOn.execute(task);
    } catch (RejectedExecutionException e) {
      shutdown(pool);
      future.completeExceptionally(e);
    }
    return future;
  }

  private static Relearn openEngine(Path dir, RelearnOptions options, boolean preferWritable)
      throws IOException {
    if (!preferWritable || options.readOnly()) {
      return Relearn.open(dir, options);
    }
    try {
      return Relearn.open(dir, options);
    } catch (IndexInUseException e) {
      return Relearn.open(dir, options.withReadOnly(true));
    }
  }

  private static void shutdown(ExecutorService pool) {
    if (pool != null) {
      pool.shutdown();
    }
  }
}
