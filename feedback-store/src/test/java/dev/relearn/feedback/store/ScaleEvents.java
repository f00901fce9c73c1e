package dev.relearn.feedback.store;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.feedback.Outcome;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded feedback events shaped as the scale benchmark's feedback load records them: 384-dimension
 * query vectors of a pool of {@value #QUERIES} queries, each shown with the same 10 chunks, one of
 * its first three used, in sessions of {@value #SESSION_EVENTS} events; so nearly every event
 * founds a cluster of its own.
 */
final class ScaleEvents {
  static final int DIMENSION = 384;
  private static final int QUERIES = 198;
  private static final int SESSION_EVENTS = 20;
  private static final int SHOWN = 10;
  private static final int CHUNKS = 100_000;

  private final Random random;
  private final float[][] queries = new float[QUERIES][];
  private final List<List<ShownResult>> shown = new ArrayList<>();

  ScaleEvents(long seed) {
    random = new Random(seed);
    for (int q = 0; q < QUERIES; q++) {
      float[] v = new float[DIMENSION];
      for (int i = 0; i < DIMENSION; i++) {
        v[i] = (float) random.nextGaussian();
      }
      queries[q] = VectorChecks.normalize(v);
      List<ShownResult> results = new ArrayList<>();
      for (int rank = 1; rank <= SHOWN; rank++) {
        results.add(new ShownResult("chunk-" + random.nextInt(CHUNKS) + "-" + q, rank));
      }
      shown.add(List.copyOf(results));
    }
  }

  /** Records events {@code from} (inclusive) to {@code to} on {@code store}, at {@code millis}. */
  void record(FeedbackStore store, int from, int to, long millis) throws IOException {
    for (int i = from; i < to; i++) {
      int q = random.nextInt(QUERIES);
      List<ShownResult> results = shown.get(q);
      String used = results.get(random.nextInt(3)).chunkId();
      store.record(new FeedbackEvent("event-" + i, "session-" + i / SESSION_EVENTS, queries[q],
          results, List.of(used), Outcome.SUCCESS, null, null, SignalClass.STRONG, millis + i,
          null));
    }
  }

  /** One of the pool's query vectors, at random. */
  float[] query() {
    return queries[random.nextInt(QUERIES)];
  }

  /**
   * The heap in use after full collections, once the store's background work has let go of what
   * it held for a moment: the least of five readings 200 ms apart (a single reading right after
   * recording sometimes counts about 2 MB more, gone half a second later).
   */
  static long heap() throws InterruptedException {
    long least = Long.MAX_VALUE;
    for (int reading = 0; reading < 5; reading++) {
      for (int i = 0; i < 3; i++) {
        System.gc();
        Thread.sleep(50);
      }
      least = Math.min(least, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
      Thread.sleep(50);
    }
    return least;
  }
}
