package dev.relearn.engine.weights;

import static dev.relearn.engine.weights.Configs.oneHot;
import dev.relearn.feedback.event.Rating;
import static dev.relearn.engine.weights.Configs.withInitial;
import static dev.relearn.engine.weights.Configs.withDecay;
import static dev.relearn.engine.weights.Configs.withBounds;
import static dev.relearn.engine.weights.Configs.withMinSamples;
import dev.relearn.lucene.fusion.QueryClass;
import static dev.relearn.engine.weights.WeightsTest.assertWeights;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The update rule of {@link AdaptiveWeights}: warm-up, credit by contribution, grades, decay and
 * bounds. Counts, history, resets and input checks are in {@link AdaptiveWeightsStateTest}.
 */
class AdaptiveWeightsTest {
  /** When the ratings of these tests are given; {@link AdaptiveWeightsStateTest} shares these. */
  static final long T0 = 1_700_000_000_000L;
  private static final long DAY = AdaptiveWeights.DAY_MILLIS;
  /** A hit the learned signal ranked high and the others low. */
  static final double[] LEARNED_HIGH = {0.2, 0.3, 1.0};
  /** A hit BM25 ranked high and the others low. */
  static final double[] BM25_HIGH = {1.0, 0.1, 0.1};
  static final Weights START = Weights.DEFAULT;

  @Test
  void nothingMovesBeforeFiveSamples() {
    AdaptiveWeights aw = new AdaptiveWeights();
    for (int i = 1; i <= 4; i++) {
      Update u = aw.record(QueryClass.KEYWORDS, 1, oneHot(Signal.LEARNED), T0);
      assertFalse(u.moved(), "sample " + i);
      assertEquals(START, u.weights());
      assertEquals(i, u.samples());
    }
    ClassStats warming = aw.stats(QueryClass.KEYWORDS);
    assertEquals(START, warming.weights());
    assertNotEquals(START, warming.ema()); // counted and kept in the moving average
    assertEquals(List.of(), warming.history());

    Update fifth = aw.record(QueryClass.KEYWORDS, 1, oneHot(Signal.LEARNED), T0);
    assertTrue(fifth.moved());
    assertEquals(START, fifth.before());
    // all five ratings count: each adds 0.1·(c − mean(c)) = 0.1·(−1/3, −1/3, 2/3)
    assertWeights(0.35 - 5 * 0.1 / 3, 0.35 - 5 * 0.1 / 3, 0.3 + 5 * 0.2 / 3, fifth.weights());
    assertEquals(List.of(new HistoryEntry(T0, fifth.weights())),
        aw.stats(QueryClass.KEYWORDS).history());
  }

  @Test
  void warmUpRatingsAreNotLost() {
    AdaptiveWeights warmUp = new AdaptiveWeights();
    AdaptiveWeights noWarmUp =
        new AdaptiveWeights(withMinSamples(AdaptiveWeightsConfig.DEFAULTS, 1));
    double[][] hits = {LEARNED_HIGH, BM25_HIGH, {0.5, 0.9, 0.0}, LEARNED_HIGH, {0.3, 0.3, 0.9}};
    double[] ratings = {1, -0.5, 1, 0.5, -1};
    for (int i = 0; i < 5; i++) {
      warmUp.record(QueryClass.QUESTION, ratings[i], hits[i], T0);
      noWarmUp.record(QueryClass.QUESTION, ratings[i], hits[i], T0);
    }
    assertEquals(noWarmUp.weights(QueryClass.QUESTION), warmUp.weights(QueryClass.QUESTION));
    assertEquals(1, warmUp.stats(QueryClass.QUESTION).history().size());
    assertEquals(5, noWarmUp.stats(QueryClass.QUESTION).history().size());
  }

  @Test
  void positiveRatingsOfLearnedHitsRaiseTheLearnedWeightAndNegativesLowerIt() {
    AdaptiveWeights aw = new AdaptiveWeights();
    double previous = START.learned();
    for (int i = 0; i < 20; i++) {
      aw.record(QueryClass.IDENTIFIER, 1, LEARNED_HIGH, T0);
      double learned = aw.weights(QueryClass.IDENTIFIER).learned();
      if (i >= 4) {
        assertTrue(learned > previous || Math.abs(learned - 0.8) < 1e-12,
            "rating " + i + ": " + learned);
      }
      previous = learned;
    }
    // at its highest: the other two at their lower bound 0.1
    assertWeights(0.1, 0.1, 0.8, aw.weights(QueryClass.IDENTIFIER));

    for (int i = 0; i < 5; i++) {
      aw.record(QueryClass.QUESTION, -1, LEARNED_HIGH, T0);
    }
    Weights down = aw.weights(QueryClass.QUESTION);
    assertTrue(down.learned() < START.learned(), down.toString());
    assertTrue(down.bm25() > START.bm25() && down.vector() > START.vector(), down.toString());

    for (int i = 0; i < 5; i++) {
      aw.record(QueryClass.KEYWORDS, 1, BM25_HIGH, T0);
    }
    Weights lexical = aw.weights(QueryClass.KEYWORDS);
    assertTrue(lexical.bm25() > START.bm25() && lexical.learned() < START.learned(),
        lexical.toString());
  }

  @Test
  void starsCountInProportionToTheGrade() {
    double[] hit = {0.4, 0.5, 0.9}; // small spread: five 1-star ratings stay within bounds
    Map<Integer, Weights> byStars = new HashMap<>();
    for (int stars = 1; stars <= 5; stars++) {
      AdaptiveWeights aw = new AdaptiveWeights();
      Update last = null;
      for (int i = 0; i < 5; i++) {
        last = aw.record(QueryClass.KEYWORDS, Rating.stars(stars).normalized(), hit, T0);
      }
      assertEquals(stars != 3, last.moved(), stars + " stars");
      byStars.put(stars, last.weights());
    }
    double up5 = byStars.get(5).learned() - START.learned();
    double up4 = byStars.get(4).learned() - START.learned();
    assertTrue(up5 > up4 && up4 > 0, up5 + " vs " + up4);
    assertEquals(2 * up4, up5, 1e-12);
    assertEquals(START, byStars.get(3)); // neutral
    assertEquals(-up4, byStars.get(2).learned() - START.learned(), 1e-12);
    assertEquals(-up5, byStars.get(1).learned() - START.learned(), 1e-12);
  }

  @Test
  void aHitEverySignalScoredAlikeGivesNoCredit() {
    AdaptiveWeights aw = new AdaptiveWeights();
    for (int i = 0; i < 10; i++) {
      assertFalse(aw.record(QueryClass.KEYWORDS, 1, new double[] {0.7, 0.7, 0.7}, T0).moved());
    }
    assertEquals(START, aw.weights(QueryClass.KEYWORDS));
    assertEquals(10, aw.stats(QueryClass.KEYWORDS).positives());
  }

  @Test
  void decayPullsPastFeedbackTowardsTheStartPerDay() {
    AdaptiveWeights aw = new AdaptiveWeights();
    for (int i = 0; i < 5; i++) {
      aw.record(QueryClass.QUESTION, 1, LEARNED_HIGH, T0);
    }
    Weights w1 = aw.weights(QueryClass.QUESTION);
    // a neutral rating at the same time changes nothing
    assertFalse(aw.record(QueryClass.QUESTION, 0, LEARNED_HIGH, T0).moved());
    assertEquals(w1, aw.weights(QueryClass.QUESTION));

    double f = Math.pow(0.95, 10);
    Weights expected = new Weights(START.bm25() + f * (w1.bm25() - START.bm25()),
        START.vector() + f * (w1.vector() - START.vector()),
        START.learned() + f * (w1.learned() - START.learned()));
    // the next rating, ten days later, sees the decayed average
    Update later = aw.record(QueryClass.QUESTION, 0, LEARNED_HIGH, T0 + 10 * DAY);
    assertTrue(later.moved());
    assertWeights(expected.bm25(), expected.vector(), expected.learned(), later.weights());
    assertEquals(2, aw.stats(QueryClass.QUESTION).history().size());
  }

  @Test
  void aWeekOldRatingCountsDecayToTheSevenAsMuch() {
    AdaptiveWeightsConfig noWarmUp = withMinSamples(AdaptiveWeightsConfig.DEFAULTS, 1);
    AdaptiveWeights old = new AdaptiveWeights(noWarmUp);
    old.record(QueryClass.KEYWORDS, 1, LEARNED_HIGH, T0);
    old.record(QueryClass.KEYWORDS, 0, LEARNED_HIGH, T0 + 7 * DAY);
    AdaptiveWeights fresh = new AdaptiveWeights(noWarmUp);
    fresh.record(QueryClass.KEYWORDS, 1, LEARNED_HIGH, T0 + 7 * DAY);
    double oldEffect = old.weights(QueryClass.KEYWORDS).learned() - START.learned();
    double freshEffect = fresh.weights(QueryClass.KEYWORDS).learned() - START.learned();
    assertEquals(Math.pow(0.95, 7), oldEffect / freshEffect, 1e-9);
    // half a day counts fractionally
    AdaptiveWeights half = new AdaptiveWeights(noWarmUp);
    half.record(QueryClass.KEYWORDS, 1, LEARNED_HIGH, T0);
    half.record(QueryClass.KEYWORDS, 0, LEARNED_HIGH, T0 + DAY / 2);
    assertEquals(Math.sqrt(0.95),
        (half.weights(QueryClass.KEYWORDS).learned() - START.learned()) / freshEffect, 1e-9);
  }

  @Test
  void noDecayWhenDisabledOrTheClockGoesBack() {
    AdaptiveWeights none = new AdaptiveWeights(withDecay(AdaptiveWeightsConfig.DEFAULTS, 1));
    AdaptiveWeights back = new AdaptiveWeights();
    for (int i = 0; i < 5; i++) {
      none.record(QueryClass.KEYWORDS, 1, LEARNED_HIGH, T0);
      back.record(QueryClass.KEYWORDS, 1, LEARNED_HIGH, T0);
    }
    Weights w = none.weights(QueryClass.KEYWORDS);
    assertFalse(none.record(QueryClass.KEYWORDS, 0, LEARNED_HIGH, T0 + 100 * DAY).moved());
    assertEquals(w, none.weights(QueryClass.KEYWORDS));
    assertFalse(back.record(QueryClass.KEYWORDS, 0, LEARNED_HIGH, T0 - 5 * DAY).moved());
    assertEquals(w, back.weights(QueryClass.KEYWORDS));
    assertEquals(T0, back.stats(QueryClass.KEYWORDS).lastMillis());
  }

  @Test
  void customStartWeightsAndBounds() {
    Weights start = new Weights(0.3, 0.3, 0.4);
    AdaptiveWeights aw = new AdaptiveWeights(
        withBounds(withInitial(AdaptiveWeightsConfig.DEFAULTS, start), 0.25, 0.45));
    assertEquals(start, aw.weights(QueryClass.QUESTION));
    for (int i = 0; i < 50; i++) {
      aw.record(QueryClass.QUESTION, 1, LEARNED_HIGH, T0);
    }
    Weights w = aw.weights(QueryClass.QUESTION);
    assertEquals(0.45, w.learned(), 1e-12);
    assertTrue(w.within(0.25, 0.45) && w.bm25() < w.vector(), w.toString());
    aw.reset(QueryClass.QUESTION);
    assertEquals(start, aw.weights(QueryClass.QUESTION));
  }
}
