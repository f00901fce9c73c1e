package dev.relearn.engine;

import dev.relearn.lucene.files.IoThreads;
import dev.relearn.lucene.rerank.LearnedRescorer;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Starts a learned search's similar-query lookup on another thread while the first stage runs:
 * the lookup needs only the query vector, so its latency hides behind the first stage's instead
 * of adding to it. The rescorer's own {@link LearnedRescorer#feedback()} is synchronized and
 * looks up at most once, so the re-rank simply waits for a prefetch in flight, or does the lookup
 * itself when none was started (the pool busy) or the prefetch failed: then the failure surfaces
 * there, on the caller's thread. Daemon threads; {@link #close} stops them.
 */
final class LookupPrefetcher implements AutoCloseable {
  private final ThreadPoolExecutor pool;

  LookupPrefetcher() {
    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(64), IoThreads.factory("relearn-lookup-"));
    pool.allowCoreThreadTimeOut(true);
  }

  /** Starts {@code rescorer}'s lookup in the background, if a thread is free soon. */
  void prefetch(LearnedRescorer rescorer) {
    try {
      pool.execute(() -> {
        try {
          rescorer.feedback();
        } catch (IOException | RuntimeException e) {
          // not lost: the re-rank's own call to feedback() repeats the lookup and throws it
        }
      });
    } catch (RejectedExecutionException busy) {
      // the queue is full: the re-rank does the lookup itself
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
