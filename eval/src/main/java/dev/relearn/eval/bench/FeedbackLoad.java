package dev.relearn.eval.bench;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.feedback.Outcome;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded synthetic feedback recorded through the engine's feedback API: each event takes a query
 * of a pool, the top 10 a search shows for it, and one of its first three hits as used
 * (successful), in sessions of {@value #SESSION_EVENTS} events. Event ids number the events, so
 * recording continues where an earlier call stopped.
 */
public final class FeedbackLoad {
  /** Events per session. */
  static final int SESSION_EVENTS = 20;
  private static final int SHOWN = 10;
  private static final int PROGRESS_EVERY = 1_000;

  private final Relearn engine;
  private final List<String> pool;
  private final Random random;
  private final Map<String, List<String>> shown = new HashMap<>();
  private long recorded;
  private long nanos;

  /** Records on {@code engine} with queries of {@code pool}, chosen with {@code seed}. */
  public FeedbackLoad(Relearn engine, List<String> pool, long seed) {
    if (pool.isEmpty()) {
      throw new IllegalArgumentException("the feedback load needs at least one query");
    }
    this.engine = engine;
    this.pool = List.copyOf(pool);
    this.random = new Random(seed);
  }

  /**
   * Records events until {@code target} were recorded in all or {@code limit} has passed,
   * reporting on {@code progress}; returns the events recorded in all.
   */
  public long recordUpTo(long target, Duration limit, Progress progress) throws IOException {
    progress.start("recording feedback events", target);
    long start = System.nanoTime();
    long limitNanos = limit.toNanos();
    try {
      while (recorded < target && System.nanoTime() - start < limitNanos) {
        String query = pool.get(random.nextInt(pool.size()));
        List<String> ids = shownFor(query);
        if (ids.isEmpty()) {
          continue; // a query without hits cannot be given feedback
        }
        List<ShownResult> results = new ArrayList<>(ids.size());
        for (int rank = 0; rank < ids.size(); rank++) {
          results.add(new ShownResult(ids.get(rank), rank + 1));
        }
        String used = ids.get(random.nextInt(Math.min(3, ids.size())));
        engine.feedback(FeedbackRequest.of(query, List.of(used)).withOutcome(Outcome.SUCCESS)
            .withIds("scale-" + recorded / SESSION_EVENTS, "scale-event-" + recorded)
            .withShown(results, true, false));
        recorded++;
        if (recorded % PROGRESS_EVERY == 0) {
          progress.advance(recorded);
        }
      }
    } finally {
      nanos += System.nanoTime() - start;
      progress.finish();
    }
    return recorded;
  }

  /** Events recorded so far. */
  public long recorded() {
    return recorded;
  }

  /** Seconds spent recording so far (including the searches for what was shown). */
  public double seconds() {
    return nanos / 1e9;
  }

  private List<String> shownFor(String query) throws IOException {
    List<String> ids = shown.get(query);
    if (ids == null) {
      ids = new ArrayList<>(SHOWN);
      for (Hit hit : engine.search(SearchRequest.of(query).withK(SHOWN)).hits()) {
        ids.add(hit.chunkId());
      }
      ids = List.copyOf(ids);
      shown.put(query, ids);
    }
    return ids;
  }
}
