package dev.relearn.engine;

import dev.relearn.lucene.files.IoThreads;
import dev.relearn.lucene.rerank.LearnedRescorer;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.search.IndexSearcher;

/**
 * Starts a learned search's similar-query lookup, and the search for the documents those past
 * queries vouch for, on another thread while the first stage runs ({@link
 * LearnedRescorer#prepare}): they need only the query vector and the searcher, so their latency
 * hides behind the first stage's instead of adding to it. The rescorer does each at most once
 * per searcher, under its own lock, so the re-rank simply waits for a prefetch in flight, or does
 * the work itself when none was started (the pool busy) or the prefetch failed: then the failure
 * surfaces there, on the caller's thread. Daemon threads; {@link #close} stops them.
 */
final class LookupPrefetcher implements AutoCloseable {
  private final ThreadPoolExecutor pool;

  LookupPrefetcher() {
    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
        new ArrayBlockingQueue<>(64), IoThreads.factory("relearn-lookup-"));
    pool.allowCoreThreadTimeOut(true);
  }

  /** Starts {@code rescorer}'s preparation for {@code searcher} in the background, if it can. */
  void prefetch(LearnedRescorer rescorer, IndexSearcher searcher) {
    try {
      pool.execute(() -> {
        try {
          rescorer.prepare(searcher);
        } catch (IOException | RuntimeException e) {
          // not lost: the re-rank repeats the preparation and throws it
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
