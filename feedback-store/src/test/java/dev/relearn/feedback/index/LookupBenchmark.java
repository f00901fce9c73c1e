package dev.relearn.feedback.index;

import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Measures the events index at ToolLens scale: 15,000 events of 384 dimensions, one cluster
 * each (distinct sessions) around 1,500 topics, then the p50 and p99 of a similar-query lookup
 * (an HNSW walk over the centroids; half the queries near a topic, half not near any), of an
 * add, and the time to derive the clusters (and their graph) again on open.
 *
 * <p>Not a JUnit test: run its {@code main}, optionally with a scratch folder as argument.
 */
public final class LookupBenchmark {
  private static final int EVENTS = 15_000;
  private static final int DIM = 384;
  private static final int LOOKUPS = 2_000;
  private static final int TOPICS = 1_500;

  private LookupBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("lookup-bench");
    Random random = new Random(42);
    FeedbackIndexConfig config = FeedbackIndexConfig.defaults(DIM);
    float[][] topics = new float[TOPICS][];
    for (int i = 0; i < TOPICS; i++) {
      topics[i] = Fixtures.randomUnit(random, DIM);
    }
    long[] adds = new long[EVENTS];
    try (FeedbackIndex index = TestIndexes.open(dir, config)) {
      for (int i = 0; i < EVENTS; i++) {
        long start = System.nanoTime();
        Fixtures.add(index, Fixtures.event("e" + i, "s" + i,
            Fixtures.near(topics[random.nextInt(TOPICS)], 0.6, random),
            "c" + (i % 500), Outcome.SUCCESS, Fixtures.T0 + i));
        adds[i] = System.nanoTime() - start;
      }
      long[] lookups = new long[LOOKUPS];
      for (int i = 0; i < LOOKUPS; i++) {
        float[] query = i % 2 == 0 ? Fixtures.randomUnit(random, DIM)
            : Fixtures.near(topics[random.nextInt(TOPICS)], 0.6, random);
        long start = System.nanoTime();
        index.similar(query, 0.7f, 50);
        lookups[i] = System.nanoTime() - start;
      }
      report("add", Arrays.copyOfRange(adds, EVENTS - 1_000, EVENTS));
      report("lookup", Arrays.copyOfRange(lookups, LOOKUPS / 2, LOOKUPS));
      index.commit(Map.of());
    }
    long start = System.nanoTime();
    try (FeedbackIndex index = TestIndexes.open(dir, config)) {
      System.out.printf(Locale.ROOT, "open (derives %d clusters): %.0f ms%n",
          index.recorded().clusters().size(), (System.nanoTime() - start) / 1e6);
    }
  }

  private static void report(String what, long[] nanos) {
    Arrays.sort(nanos);
    System.out.printf(Locale.ROOT, "%s: p50 %.3f ms, p99 %.3f ms%n", what,
        nanos[nanos.length / 2] / 1e6, nanos[nanos.length * 99 / 100] / 1e6);
  }
}
