package dev.relearn.engine.weights;

import dev.relearn.feedback.event.Rating;
import static dev.relearn.engine.weights.Configs.withInitial;
import static dev.relearn.engine.weights.Configs.withHistoryLimit;
import static dev.relearn.engine.weights.Configs.withDecay;
import static dev.relearn.engine.weights.Configs.withBounds;
import static dev.relearn.engine.weights.Configs.withMinSamples;
import static dev.relearn.engine.weights.Configs.withLearningRate;
import dev.relearn.lucene.fusion.QueryClass;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bounds, renormalisation and warm-up hold under long random rating sequences. */
class AdaptiveWeightsPropertyTest {
  static Stream<Arguments> configs() {
    AdaptiveWeightsConfig d = AdaptiveWeightsConfig.DEFAULTS;
    return Stream.of(
        Arguments.of(1L, d),
        Arguments.of(2L, withDecay(withMinSamples(d, 1), 0.5)),
        // an aggressive learner in narrow bounds: clamping and renormalising on most updates
        Arguments.of(3L, withHistoryLimit(withBounds(withLearningRate(d, 1), 0.2, 0.45), 5)),
        Arguments.of(4L, withMinSamples(withInitial(d, new Weights(0.1, 0.1, 0.8)), 20)));
  }

  @ParameterizedTest
  @MethodSource("configs")
  void boundsAndSumHoldForTenThousandRandomUpdates(long seed, AdaptiveWeightsConfig config) {
    Random random = new Random(seed);
    AdaptiveWeights aw = new AdaptiveWeights(config);
    long now = 1_700_000_000_000L;
    long[] samples = new long[QueryClass.values().length];
    for (int i = 0; i < 10_000; i++) {
      QueryClass c = QueryClass.values()[random.nextInt(samples.length)];
      double rating = switch (random.nextInt(4)) {
        case 0 -> random.nextBoolean() ? 1 : -1;
        case 1 -> Rating.stars(1 + random.nextInt(5)).normalized();
        default -> random.nextDouble() * 2 - 1;
      };
      double[] contributions = new double[3];
      for (int j = 0; j < 3; j++) {
        contributions[j] = random.nextInt(5) == 0 ? random.nextInt(2) : random.nextDouble();
      }
      now += random.nextInt(10) == 0 ? -random.nextInt(3_600_000) : random.nextInt(7_200_000);
      if (random.nextInt(2_000) == 0) {
        aw.reset(c);
        samples[c.ordinal()] = 0;
      }

      Update update = aw.record(c, rating, contributions, now);
      samples[c.ordinal()]++;
      assertEquals(samples[c.ordinal()], update.samples());
      if (update.samples() < config.minSamples()) {
        assertFalse(update.moved(), "moved during warm-up at update " + i);
        assertEquals(config.initial(), update.weights());
      }
      assertEquals(!update.before().equals(update.weights()), update.moved());
      for (ClassStats stats : aw.allStats().values()) {
        check(config, stats.weights(), i);
        check(config, stats.ema(), i);
        assertTrue(stats.history().size() <= config.historyLimit());
        assertEquals(samples[stats.queryClass().ordinal()], stats.samples());
        assertTrue(stats.positives() + stats.negatives() <= stats.samples());
      }
    }
  }

  private static void check(AdaptiveWeightsConfig config, Weights w, int update) {
    assertTrue(w.within(config.lower(), config.upper()), () -> "update " + update + ": " + w);
    assertEquals(1, w.bm25() + w.vector() + w.learned(), 1e-9, () -> "update " + update);
  }
}
