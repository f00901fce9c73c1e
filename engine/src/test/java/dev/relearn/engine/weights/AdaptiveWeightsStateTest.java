package dev.relearn.engine.weights;

import dev.relearn.feedback.event.Rating;
import static dev.relearn.engine.weights.Configs.withHistoryLimit;
import static dev.relearn.engine.weights.Configs.withMinSamples;
import dev.relearn.lucene.fusion.QueryClass;
import static dev.relearn.engine.weights.AdaptiveWeightsTest.BM25_HIGH;
import static dev.relearn.engine.weights.AdaptiveWeightsTest.LEARNED_HIGH;
import static dev.relearn.engine.weights.AdaptiveWeightsTest.START;
import static dev.relearn.engine.weights.AdaptiveWeightsTest.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What {@link AdaptiveWeights} keeps per class (counts, accuracy, history), resets, and its
 * contracts: classes learn independently, input is checked and copied, ratings from many threads
 * are all counted.
 */
class AdaptiveWeightsStateTest {
  @Test
  void everyClassStartsAtTheStartWeights() {
    AdaptiveWeights aw = new AdaptiveWeights();
    for (QueryClass c : QueryClass.values()) {
      assertEquals(START, aw.weights(c));
      ClassStats stats = aw.stats(c);
      assertEquals(0, stats.samples());
      assertTrue(Double.isNaN(stats.accuracy()));
      assertEquals(List.of(), stats.history());
    }
  }

  @Test
  void classesAreIndependent() {
    AdaptiveWeights aw = new AdaptiveWeights();
    for (int i = 0; i < 10; i++) {
      aw.record(QueryClass.IDENTIFIER, 1, BM25_HIGH, T0 + i);
      aw.record(QueryClass.QUESTION, -1, BM25_HIGH, T0 + i);
    }
    assertTrue(aw.weights(QueryClass.IDENTIFIER).bm25() > START.bm25());
    assertTrue(aw.weights(QueryClass.QUESTION).bm25() < START.bm25());
    for (QueryClass untouched : List.of(QueryClass.KEYWORDS, QueryClass.NATURAL_LANGUAGE)) {
      assertEquals(START, aw.weights(untouched));
      assertEquals(0, aw.stats(untouched).samples());
    }
    Map<QueryClass, ClassStats> all = aw.allStats();
    assertEquals(List.of(QueryClass.values()), List.copyOf(all.keySet()));
    assertEquals(10, all.get(QueryClass.IDENTIFIER).positives());
    assertEquals(10, all.get(QueryClass.QUESTION).negatives());
  }

  @Test
  void countsAndAccuracy() {
    AdaptiveWeights aw = new AdaptiveWeights();
    double[] ratings = {1, 0.5, 1, -1, 0, Rating.stars(2).normalized()};
    for (double r : ratings) {
      aw.record(QueryClass.NATURAL_LANGUAGE, r, LEARNED_HIGH, T0);
    }
    ClassStats stats = aw.stats(QueryClass.NATURAL_LANGUAGE);
    assertEquals(6, stats.samples());
    assertEquals(3, stats.positives());
    assertEquals(2, stats.negatives());
    assertEquals(0.6, stats.accuracy(), 1e-12);
    assertEquals(T0, stats.lastMillis());
  }

  @Test
  void historyIsBoundedAndKeepsTheNewest() {
    AdaptiveWeights aw = new AdaptiveWeights(
        withMinSamples(withHistoryLimit(AdaptiveWeightsConfig.DEFAULTS, 3), 1));
    List<Update> updates = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      updates.add(aw.record(QueryClass.KEYWORDS, i % 2 == 0 ? 1 : -0.5, LEARNED_HIGH, T0 + i));
    }
    List<HistoryEntry> history = aw.stats(QueryClass.KEYWORDS).history();
    assertEquals(3, history.size());
    for (int i = 0; i < 3; i++) {
      assertEquals(new HistoryEntry(T0 + 7 + i, updates.get(7 + i).weights()), history.get(i));
    }
    // the default limit
    AdaptiveWeights big = new AdaptiveWeights(withMinSamples(AdaptiveWeightsConfig.DEFAULTS, 1));
    for (int i = 0; i < 500; i++) {
      big.record(QueryClass.KEYWORDS, i % 2 == 0 ? 1 : -1, LEARNED_HIGH, T0 + i);
    }
    assertEquals(200, big.stats(QueryClass.KEYWORDS).history().size());
  }

  @Test
  void resetOneClassOrAll() {
    AdaptiveWeights aw = new AdaptiveWeights();
    for (int i = 0; i < 6; i++) {
      aw.record(QueryClass.KEYWORDS, 1, LEARNED_HIGH, T0);
      aw.record(QueryClass.QUESTION, 1, BM25_HIGH, T0);
    }
    Weights question = aw.weights(QueryClass.QUESTION);
    aw.reset(QueryClass.KEYWORDS);
    assertEquals(START, aw.weights(QueryClass.KEYWORDS));
    assertEquals(0, aw.stats(QueryClass.KEYWORDS).samples());
    assertEquals(List.of(), aw.stats(QueryClass.KEYWORDS).history());
    assertEquals(question, aw.weights(QueryClass.QUESTION));
    // warm-up starts over
    assertFalse(aw.record(QueryClass.KEYWORDS, 1, LEARNED_HIGH, T0).moved());

    aw.resetAll();
    for (QueryClass c : QueryClass.values()) {
      assertEquals(0, aw.stats(c).samples());
      assertEquals(START, aw.weights(c));
    }
  }

  @Test
  void badInputIsRejectedNamingTheValue() {
    AdaptiveWeights aw = new AdaptiveWeights();
    assertEquals("a rating must be in [-1, 1], got: 1.5", assertThrows(
        IllegalArgumentException.class,
        () -> aw.record(QueryClass.KEYWORDS, 1.5, LEARNED_HIGH, T0)).getMessage());
    assertEquals("vector contribution must be in [0, 1], got: 1.2", assertThrows(
        IllegalArgumentException.class,
        () -> aw.record(QueryClass.KEYWORDS, 1, new double[] {0, 1.2, 0}, T0)).getMessage());
    assertEquals("contributions must be 3 values (bm25, vector, learned), got: 2 values",
        assertThrows(IllegalArgumentException.class,
            () -> aw.record(QueryClass.KEYWORDS, 1, new double[] {0, 1}, T0)).getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> aw.record(QueryClass.KEYWORDS, Double.NaN, LEARNED_HIGH, T0));
    assertThrows(IllegalArgumentException.class,
        () -> aw.record(QueryClass.KEYWORDS, 1, new double[] {Double.NaN, 0, 0}, T0));
    assertThrows(IllegalArgumentException.class, () -> aw.record(null, 1, LEARNED_HIGH, T0));
    assertEquals(0, aw.stats(QueryClass.KEYWORDS).samples()); // nothing counted
  }

  @Test
  void contributionsAreCopied() {
    AdaptiveWeights aw = new AdaptiveWeights(withMinSamples(AdaptiveWeightsConfig.DEFAULTS, 1));
    double[] c = {0.2, 0.3, 1.0};
    Weights w = aw.record(QueryClass.KEYWORDS, 1, c, T0).weights();
    c[0] = 1;
    assertEquals(w, aw.weights(QueryClass.KEYWORDS));
  }

  @Test
  void concurrentRatingsAreAllCounted() throws Exception {
    AdaptiveWeights aw = new AdaptiveWeights();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          Random random = new Random(thread);
          for (int i = 0; i < 2_000; i++) {
            QueryClass c = QueryClass.values()[random.nextInt(4)];
            aw.record(c, random.nextDouble() * 2 - 1, new double[] {random.nextDouble(),
                random.nextDouble(), random.nextDouble()}, T0 + i);
            Weights w = aw.weights(c);
            assertTrue(w.within(0.1, 0.9));
          }
        }));
      }
      for (Future<?> f : futures) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    long total = aw.allStats().values().stream().mapToLong(ClassStats::samples).sum();
    assertEquals(16_000, total);
  }
}
