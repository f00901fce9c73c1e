package dev.relearn.engine.weights;

import static dev.relearn.engine.weights.Configs.withMinSamples;
import dev.relearn.lucene.fusion.QueryClass;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A rating with an id is applied once, however often it is recorded. */
class AppliedRatingsTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final double[] C = {0.8, 0.1, 0.3};
  private static final QueryClass K = QueryClass.KEYWORDS;

  @Test
  void aRatingIdIsAppliedOnce() {
    AdaptiveWeights aw = new AdaptiveWeights(withMinSamples(AdaptiveWeightsConfig.DEFAULTS, 1));
    Update first = aw.record(K, 1, C, T0, "event-1");
    assertNotNull(first);
    assertTrue(first.moved());
    Weights after = aw.weights(K);
    assertNull(aw.record(K, 1, C, T0 + 1, "event-1"), "a repeat changes nothing");
    assertEquals(1, aw.stats(K).samples());
    assertEquals(after, aw.weights(K));
    assertNotNull(aw.record(K, 1, C, T0 + 2, "event-2"));
    assertEquals(2, aw.stats(K).samples());
    aw.record(K, 1, C, T0 + 3); // without an id: always applied
    aw.record(K, 1, C, T0 + 4);
    assertEquals(4, aw.stats(K).samples());
  }

  @Test
  void onlyTheNewestIdsAreRememberedAndResetsKeepThem() {
    AdaptiveWeights aw = new AdaptiveWeights();
    assertNotNull(aw.record(K, 1, C, T0, "r0"));
    for (int i = 1; i < AdaptiveWeights.REMEMBERED_RATINGS; i++) {
      assertNotNull(aw.record(K, 0, C, T0 + i, "r" + i));
    }
    assertNull(aw.record(K, 1, C, T0 + 5_000, "r0"), "still among the newest");
    assertNotNull(aw.record(K, 0, C, T0 + 5_001, "one-more"));
    assertNotNull(aw.record(K, 1, C, T0 + 5_002, "r0"), "the oldest id was dropped");
    aw.resetAll();
    assertNull(aw.record(K, 1, C, T0 + 6_000, "r0"), "a reset forgets weights, not ids");
    assertEquals(0, aw.stats(K).samples());
  }

  @Test
  void badIdsAreRejectedAndARejectedRatingLeavesItsIdUnused() {
    AdaptiveWeights aw = new AdaptiveWeights();
    for (String bad : new String[] {"", "has space", "a/b", "x".repeat(65)}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> aw.record(K, 1, C, T0, bad));
      assertTrue(e.getMessage().endsWith("got: " + bad), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> aw.record(K, 1, C, T0, (String) null));
    assertThrows(IllegalArgumentException.class, () -> aw.record(K, 2, C, T0, "fresh"));
    assertNotNull(aw.record(K, 1, C, T0, "fresh"), "the bad rating did not use up the id");
  }
}
