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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;

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
  private final Map<String, List<ShownResult>> shown = new HashMap<>();
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
   * Records events until {@code target} were recorded in all ({@link #recorded}) or {@code limit}
   * has passed, reporting on {@code progress}.
   */
  public void recordUpTo(long target, Duration limit, Progress progress) throws IOException {
    progress.start("recording feedback events", target);
    long start = System.nanoTime();
    long limitNanos = limit.toNanos();
    try {
      while (recorded < target && System.nanoTime() - start < limitNanos) {
        String query = pool.get(random.nextInt(pool.size()));
        List<ShownResult> results = shownFor(query);
        if (results.isEmpty()) {
          continue; // a query without hits cannot be given feedback
        }
        String used = results.get(random.nextInt(Math.min(3, results.size()))).chunkId();
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
  }

  /** Events recorded so far. */
  public long recorded() {
    return recorded;
  }

  /** Seconds spent recording so far (including the searches for what was shown). */
  public double seconds() {
    return nanos / 1e9;
  }

  /** The top {@value #SHOWN} a search shows for {@code query}, searched once per query. */
  private List<ShownResult> shownFor(String query) throws IOException {
    List<ShownResult> results = shown.get(query);
    if (results == null) {
      List<Hit> hits = engine.search(SearchRequest.of(query).withK(SHOWN)).hits();
      results = IntStream.range(0, hits.size())
          .mapToObj(i -> new ShownResult(hits.get(i).chunkId(), i + 1)).toList();
      shown.put(query, results);
    }
    return results;
  }
}
