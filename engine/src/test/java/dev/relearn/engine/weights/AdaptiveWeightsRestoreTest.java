package dev.relearn.engine.weights;

import static dev.relearn.engine.weights.Configs.oneHot;
import static dev.relearn.engine.weights.Configs.withHistoryLimit;
import static dev.relearn.engine.weights.Configs.withBounds;
import static dev.relearn.engine.weights.Configs.withMinSamples;
import dev.relearn.lucene.fusion.QueryClass;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Restoring from a {@link WeightsState}; the file the engine keeps it in is tested in the engine,
 * seeding in {@link AdaptiveWeightsSeedTest}.
 */
class AdaptiveWeightsRestoreTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final AdaptiveWeightsConfig D = AdaptiveWeightsConfig.DEFAULTS;

  @Test
  void restoredWeightsGoOnIdentically() {
    AdaptiveWeights original = randomlyRated(D, 42);
    AdaptiveWeights restored = AdaptiveWeights.restore(original.state(), D);
    assertEquals(original.allStats(), restored.allStats());
    assertEquals(original.state(), restored.state());
    Random random = new Random(5);
    for (int i = 0; i < 200; i++) {
      QueryClass c = QueryClass.values()[random.nextInt(4)];
      double r = random.nextDouble() * 2 - 1;
      double[] contributions = {random.nextDouble(), random.nextDouble(), random.nextDouble()};
      assertEquals(original.record(c, r, contributions, T0 + 100_000_000L + i),
          restored.record(c, r, contributions, T0 + 100_000_000L + i));
    }
  }

  @Test
  void onlyRatedClassesAreInTheState() {
    AdaptiveWeights aw = new AdaptiveWeights();
    assertEquals(new WeightsState(List.of(), List.of()), aw.state());
    aw.record(QueryClass.QUESTION, 1, oneHot(Signal.BM25), T0);
    assertEquals(List.of(QueryClass.QUESTION),
        aw.state().classes().stream().map(ClassStats::queryClass).toList());
  }

  @Test
  void restoreAppliesTheCurrentConfiguration() {
    AdaptiveWeights aw = new AdaptiveWeights(withMinSamples(D, 1));
    for (int i = 0; i < 30; i++) {
      aw.record(QueryClass.KEYWORDS, 1, oneHot(Signal.LEARNED), T0 + i);
    }
    AdaptiveWeightsConfig narrow = withHistoryLimit(withBounds(D, 0.2, 0.5), 4);
    ClassStats stats = AdaptiveWeights.restore(aw.state(), narrow).stats(QueryClass.KEYWORDS);
    assertTrue(stats.weights().within(0.2, 0.5), stats.weights().toString());
    assertEquals(0.5, stats.weights().learned(), 1e-12);
    List<HistoryEntry> all = aw.stats(QueryClass.KEYWORDS).history();
    assertTrue(all.size() > 4);
    assertEquals(all.subList(all.size() - 4, all.size()), stats.history());
    assertEquals(Weights.DEFAULT, AdaptiveWeights.restore(aw.state(), withMinSamples(D, 31))
        .stats(QueryClass.KEYWORDS).weights(), "30 samples: warming up under the new minimum");
  }

  @Test
  void appliedRatingIdsAreRestoredAndStillAppliedOnce() {
    AdaptiveWeights aw = new AdaptiveWeights(withMinSamples(D, 1));
    double[] c = {0.9, 0.1, 0.5};
    assertNotNull(aw.record(QueryClass.KEYWORDS, 1, c, T0, "event-a"));
    assertNotNull(aw.record(QueryClass.QUESTION, -1, c, T0 + 1, "event_b"));
    assertEquals(List.of("event-a", "event_b"), aw.state().appliedRatings());
    AdaptiveWeights restored = AdaptiveWeights.restore(aw.state(), withMinSamples(D, 1));
    assertNull(restored.record(QueryClass.KEYWORDS, 1, c, T0 + 2, "event-a"), "applied before");
    assertEquals(1, restored.stats(QueryClass.KEYWORDS).samples());
    assertNotNull(restored.record(QueryClass.KEYWORDS, 1, c, T0 + 3, "event-c"));
    assertEquals(2, restored.stats(QueryClass.KEYWORDS).samples());
  }

  @Test
  void aStateThatCannotBeRightIsRefusedNamingTheValue() {
    ClassStats keywords = AdaptiveWeights.restore(randomlyRated(D, 3).state(), D)
        .stats(QueryClass.KEYWORDS);
    assertEquals("class KEYWORDS appears twice", assertThrows(IllegalArgumentException.class,
        () -> new WeightsState(List.of(keywords, keywords), List.of())).getMessage());
    assertEquals("rating id must be 1 to 64 letters, digits, '-' or '_', got: a/b",
        assertThrows(IllegalArgumentException.class,
            () -> new WeightsState(List.of(), List.of("a/b"))).getMessage());
    assertEquals("positives (4) and negatives (3) must be at least 0 and at most samples (6)"
        + " together", assertThrows(IllegalArgumentException.class, () -> new ClassStats(
            QueryClass.KEYWORDS, 6, 4, 3, Weights.DEFAULT, Weights.DEFAULT, 0, List.of()))
        .getMessage());
  }

  /** Weights after a few hundred random ratings, every class warmed up with history. */
  private static AdaptiveWeights randomlyRated(AdaptiveWeightsConfig config, long seed) {
    Random random = new Random(seed);
    AdaptiveWeights aw = new AdaptiveWeights(config);
    for (int i = 0; i < 400; i++) {
      QueryClass queryClass = QueryClass.values()[i % 4];
      double rating = random.nextDouble() * 2 - 1;
      double[] c = {random.nextDouble(), random.nextDouble(), random.nextDouble()};
      if (i < 3) {
        aw.record(queryClass, rating, c, T0 + i * 3_600_000L, "rating-" + i);
      } else {
        aw.record(queryClass, rating, c, T0 + i * 3_600_000L);
      }
    }
    return aw;
  }
}
