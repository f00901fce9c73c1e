package dev.relearn.lucene.rerank;

import static dev.relearn.lucene.rerank.Explained.contribution;
import static dev.relearn.lucene.rerank.Explained.feature;
import static dev.relearn.lucene.rerank.Explained.total;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.search.Explanation;
import org.junit.jupiter.api.Test;

class LinearModelTest {
  private static final LinearModel MODEL = LinearModel.DEFAULT;

  /** A boost from one session, which clicked the chunk or saw it without a click or both. */
  static LearnedBoost boost(double clickRate, double successRate, double evidence,
      double outcomeEvidence) {
    return new LearnedBoost(clickRate, successRate, evidence, outcomeEvidence,
        evidence > 0 && clickRate > 0 ? 1 : 0, evidence > 0 && clickRate < 1 ? 1 : 0);
  }

  /** {@code model} with {@code feature}'s weight set to {@code weight} (validated). */
  static LinearModel withWeight(LinearModel model, Feature feature, double weight) {
    double[] changed = model.weights();
    changed[feature.ordinal()] = weight;
    return new LinearModel(changed, model.boostBaseline(), model.evidenceK(), model.boostCap(),
        model.capPerSession());
  }

  /** The boost's contribution as the prior caps it: the vote times its weight, within ±cap. */
  static double boostContribution(LinearModel model, LearnedBoost boost) {
    double cap = model.boostCap();
    return Math.max(-cap, Math.min(cap, model.weight(Feature.BOOST) * model.vote(boost)));
  }

  static CandidateFeatures randomFeatures(Random random) {
    double rate1 = random.nextDouble();
    double rate2 = random.nextDouble();
    double evidence = random.nextBoolean() ? 0 : random.nextDouble() * 50;
    LearnedBoost boost = boost(rate1, rate2, evidence, random.nextDouble() * 10);
    return new CandidateFeatures(random.nextGaussian() * 10, random.nextDouble(), null, null,
        random.nextDouble(), random.nextDouble(), boost, UsageSignals.logPrior(random.nextInt(20),
            random.nextInt(20)),
        random.nextDouble(), random.nextDouble(), random.nextInt(2), List.of());
  }

  private static LearnedBoost clicks(double examinations, double clicks, double successes,
      double failures) {
    PastQuery query = new PastQuery(1f, 1,
        Map.of("a", new ChunkEvidence(examinations, clicks, successes, failures)), 0);
    return BoostEstimatorTest.estimate("a", List.of(query), BoostEstimatorTest.PLAIN);
  }

  @Test
  void defaultsAreTheDesignsWeights() {
    assertEquals(new LinearModel(new double[] {0.7, 0, 0.3, 0.01, 0.02, 0.02, 0.05}, 0.5, 2, 0.1),
        MODEL);
    assertEquals(0.3, MODEL.weight(Feature.BOOST));
    assertEquals(0.05, MODEL.weight(Feature.CONTEXT));
    assertEquals(0.5, MODEL.shrink(2));
    assertEquals(0.0, MODEL.shrink(0));
  }

  @Test
  void theShrunkClickRateIsLaplacesRuleOfSuccession() {
    // baseline 0.5 and k = 2: 0.5 + n/(n+2)·(c/n − 0.5) = (c + 1)/(n + 2), the posterior mean
    // of the click rate under a uniform prior; no outcomes keep the success half at 0.5
    double[][] cases = {{1, 1}, {1, 0}, {4, 3}, {10, 2}, {0.3, 0}, {7.5, 7.5}};
    for (double[] c : cases) {
      LearnedBoost boost = clicks(c[0], c[1], 0, 0);
      double clickHalf = boostContribution(MODEL, boost) / MODEL.weight(Feature.BOOST) * 2;
      assertEquals((c[1] + 1) / (c[0] + 2) - 0.5, clickHalf, 1e-12, c[0] + " exams, "
          + c[1] + " clicks");
    }
  }

  /**
   * The positional model this one replaced, term by term in the same order: the named-feature
   * dot product (with the boost's cap) must give the same bits.
   */
  private static double positionalScore(LinearModel m, CandidateFeatures f) {
    double rw = m.weight(Feature.RELEVANCE);
    double bw = m.weight(Feature.BOOST);
    double n = f.boost().evidence();
    double shrink = n / (n + m.evidenceK());
    double deviation = n == 0 ? 0.0 : shrink * (f.boost().value() - m.boostBaseline());
    double boost = n == 0 ? 0.0
        : Math.max(-m.boostCap(), Math.min(m.boostCap(), bw * deviation));
    double[] terms = {rw * f.relevance(), m.weight(Feature.BALANCE) * f.balance(), boost,
      m.weight(Feature.PRIOR) * (shrink == 0 ? 0.0 : shrink * f.logPrior()),
      m.weight(Feature.RECENCY) * (shrink == 0 ? 0.0 : shrink * f.recency()),
      m.weight(Feature.FREQUENCY) * (shrink == 0 ? 0.0 : shrink * f.frequency()),
      m.weight(Feature.CONTEXT) * f.contextMatch()};
    double sum = 0;
    for (double term : terms) {
      sum += term;
    }
    return sum;
  }

  @Test
  void usageCountsOnlyAsFarAsSimilarPastQueriesVouchForTheChunk() {
    LinearModel usageOnly = withWeight(MODEL, Feature.CONTEXT, 0);
    // a popular chunk no similar past query saw: its usage adds exactly nothing
    CandidateFeatures unseen = usage(LearnedBoost.NONE, UsageSignals.logPrior(9, 1), 1, 1);
    assertEquals(0.7 * 0.5, usageOnly.score(unseen), 0.0);
    Explanation none = usageOnly.explain(unseen);
    for (String name : List.of("prior", "recency", "frequency")) {
      assertEquals(0.0, contribution(none, name), 0.0, name);
      assertEquals(0L, Double.doubleToRawLongBits(contribution(none, name)),
          name + " is +0.0, not -0.0");
    }
    CandidateFeatures failing = usage(LearnedBoost.NONE, UsageSignals.logPrior(0, 20), 0, 0);
    assertEquals(0L, Double.doubleToRawLongBits(contribution(usageOnly.explain(failing),
        "prior")), "a negative prior without evidence is +0.0");
    // evidence n = 2 vouches for half: each usage term counts half
    LearnedBoost neutral = boost(0.5, 0.5, 2, 0);
    CandidateFeatures seen = usage(neutral, UsageSignals.logPrior(9, 1), 1, 1);
    Explanation half = usageOnly.explain(seen);
    assertEquals(0.5 * 0.01 * UsageSignals.logPrior(9, 1), contribution(half, "prior"), 1e-15);
    assertEquals(0.5 * 0.02, contribution(half, "recency"), 1e-15);
    assertEquals(0.5 * 0.02, contribution(half, "frequency"), 1e-15);
    assertEquals(usageOnly.score(seen), total(half));
    // more evidence, more of the usage terms, never more than all of them
    double more = usageOnly.score(usage(boost(0.5, 0.5, 200, 0), 0, 1, 1));
    assertTrue(more > usageOnly.score(usage(neutral, 0, 1, 1)));
    assertTrue(more < 0.7 * 0.5 + 0.04, "at most the full usage weights: " + more);
  }

  private static CandidateFeatures usage(LearnedBoost boost, double logPrior, double recency,
      double frequency) {
    return new CandidateFeatures(1, 0.5, null, null, 0, 0, boost, logPrior, recency, frequency,
        0, List.of());
  }

  @Test
  void namedFeaturesScoreBitForBitAsThePositionalModel() {
    Random random = new Random(2024L);
    for (int i = 0; i < 5_000; i++) {
      double[] w = new double[Feature.COUNT];
      for (Feature feature : Feature.values()) {
        w[feature.ordinal()] = feature == Feature.BALANCE ? random.nextDouble() - 0.5
            : random.nextDouble() * (i % 2 == 0 ? 1 : 10);
      }
      LinearModel model = i % 7 == 0 ? MODEL
          : new LinearModel(w, random.nextDouble(), 0.5 + random.nextDouble() * 5,
              random.nextDouble() * 0.3);
      CandidateFeatures features = randomFeatures(random);
      double expected = positionalScore(model, features);
      assertEquals(Double.doubleToRawLongBits(expected),
          Double.doubleToRawLongBits(model.score(features)), model + " " + features);
      assertEquals(Double.doubleToRawLongBits(expected),
          Double.doubleToRawLongBits(total(model.explain(features))));
    }
  }

  @Test
  void weightsAreOnePerFeatureAndCopied() {
    double[] w = new double[] {0.7, 0, 0.3, 0.01, 0.02, 0.02, 0.05};
    LinearModel model = new LinearModel(w, 0.5, 2, 0.1);
    w[Feature.RELEVANCE.ordinal()] = 9;
    model.weights()[Feature.RELEVANCE.ordinal()] = 9;
    assertEquals(0.7, model.weight(Feature.RELEVANCE));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LinearModel(new double[] {0.7, 0, 0.3}, 0.5, 2, 0.1));
    assertTrue(e.getMessage().endsWith("got: 3"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> withWeight(MODEL, Feature.PRIOR, -0.5));
    assertEquals("priorWeight must be in [0, 1000000.0], got: -0.5", e.getMessage());
  }

  @Test
  void neutralFeaturesScoreAsRelevanceAlone() {
    Random random = new Random(7L);
    for (int i = 0; i < 1_000; i++) {
      double relevance = random.nextDouble();
      CandidateFeatures neutral = CandidateFeatures.neutral(relevance * 3, relevance);
      assertEquals(0.7 * relevance, MODEL.score(neutral), 0.0);
    }
  }

  @Test
  void oneClickMovesLessThanTenAndLittleOnItsOwn() {
    double one = boostContribution(MODEL, clicks(1, 1, 0, 0));
    double ten = boostContribution(MODEL, clicks(10, 10, 0, 0));
    assertTrue(one > 0, "one click helps a little: " + one);
    assertTrue(ten > one, "ten clicks help more: " + ten + " vs " + one);
    // shrink 1/3 of the deviation 0.25, times 0.3: 0.025, a quarter of the cap
    assertEquals(0.3 * (1.0 / 3) * 0.25, one, 1e-15);
    assertTrue(one <= MODEL.boostCap() / 4 + 1e-15, "one click moves little: " + one);
    double skipped = boostContribution(MODEL, clicks(10, 0, 0, 0));
    assertTrue(skipped < 0, "examined but never clicked counts against: " + skipped);
  }

  @Test
  void boostContributionNeverExceedsTheCap() {
    assertEquals(0.1, boostContribution(MODEL, clicks(1e12, 1e12, 1e12, 0)));
    assertEquals(-0.1, boostContribution(MODEL, clicks(1e12, 0, 0, 1e12)));
    LinearModel strong = new LinearModel(new double[] {0.7, 0, 5, 0, 0, 0, 0}, 0.5, 5, 0.05);
    Random random = new Random(99L);
    for (int i = 0; i < 1_000; i++) {
      LearnedBoost boost = boost(random.nextDouble(), random.nextDouble(),
          Math.pow(10, random.nextInt(15)), 1);
      assertTrue(Math.abs(boostContribution(MODEL, boost)) <= 0.1, boost.toString());
      assertTrue(Math.abs(boostContribution(strong, boost)) <= 0.05, boost.toString());
    }
    Explanation capped = feature(MODEL.explain(new CandidateFeatures(1, 1, null, null, 0, 0,
        clicks(1e9, 1e9, 1e9, 0), 0, 0, 0, 0, List.of())), "boost");
    assertTrue(capped.getDescription().contains("capped at ±0.1"), capped.getDescription());
  }

  @Test
  void rejectsBadParametersNamingTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LinearModel(new double[] {0.7, 0, 0.3, 0, 0, 0, 0}, 1.5, 5, 0.1));
    assertEquals("boostBaseline must be in [0, 1], got: 1.5", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new LinearModel(new double[] {Double.NaN, 0, 0.3, 0, 0, 0, 0}, 0.5, 5, 0.1));
    assertEquals("relevanceWeight must be in [0, 1000000.0], got: NaN", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new LinearModel(new double[] {0.7, 0, 0.3, 0, 0, 0, 0}, 0.5, 0, 0.1));
    assertEquals("evidenceK must be finite and > 0, got: 0.0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new LinearModel(new double[] {0.7, 0, 0.3, 0, 0, 0, 0}, 0.5, 5, -1));
    assertEquals("boostCap must be in [0, 1000000.0], got: -1.0", e.getMessage());
  }

  @Test
  void defaultWeightsGiveTheDefaultModelExactly() {
    assertEquals(MODEL, MODEL.withWeights(0.35, 0.35, 0.30));
    assertEquals(0.0, MODEL.weight(Feature.BALANCE));
  }

  @Test
  void weightsTiltTheRankingTowardsTheFavouredStage() {
    CandidateFeatures lexical = stageFeatures(1, 0);
    CandidateFeatures semantic = stageFeatures(0, 1);
    assertEquals(MODEL.score(lexical), MODEL.score(semantic), "equal weights: no tilt");
    LinearModel bm25Heavy = MODEL.withWeights(0.5, 0.2, 0.3);
    assertTrue(bm25Heavy.score(lexical) > bm25Heavy.score(semantic));
    assertEquals(0.7, bm25Heavy.weight(Feature.RELEVANCE), 1e-15);
    assertEquals(0.3, bm25Heavy.weight(Feature.BALANCE), 1e-15);
    LinearModel vectorHeavy = MODEL.withWeights(0.2, 0.5, 0.3);
    assertTrue(vectorHeavy.score(semantic) > vectorHeavy.score(lexical));
    assertEquals(vectorHeavy.score(semantic), total(vectorHeavy.explain(semantic)));
  }

  @Test
  void signalContributionsAreTheStageScoresAndTheShrunkBoost() {
    assertArrayEquals(new double[] {1, 0, 0.5}, MODEL.signalContributions(stageFeatures(1, 0)),
        "no evidence: the learned signal sits at the baseline");
    CandidateFeatures clicked = new CandidateFeatures(1, 1, null, null, 0.25, 0.75,
        clicks(10, 10, 10, 0), 0, 0, 0, 0, List.of());
    double[] c = MODEL.signalContributions(clicked);
    assertEquals(0.25, c[0]);
    assertEquals(0.75, c[1]);
    assertTrue(c[2] > 0.5 && c[2] <= 1, "a clicked and successful chunk: " + c[2]);
  }

  @Test
  void balanceWeightOutOfRangeIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LinearModel(new double[] {0.7, Double.NaN, 0.3, 0, 0, 0, 0}, 0.5, 5, 0.1));
    assertEquals("balanceWeight must be in [-1000000.0, 1000000.0], got: NaN", e.getMessage());
  }

  private static CandidateFeatures stageFeatures(double bm25Norm, double vectorNorm) {
    return new CandidateFeatures(1, 0.5, null, null, bm25Norm, vectorNorm, LearnedBoost.NONE, 0,
        0, 0, 0, List.of());
  }

  @Test
  void detailsRoundNumbersForPeopleWhileValuesStayExact() {
    assertEquals("0.7988", ScoreExplanation.num(0.7988153653025072));
    assertEquals("2", ScoreExplanation.num(2.0));
    assertEquals("0", ScoreExplanation.num(-0.0));
    assertEquals("12350", ScoreExplanation.num(12345.6));
    assertEquals("-0.0001235", ScoreExplanation.num(-1.2345e-4));
    assertEquals("NaN", ScoreExplanation.num(Double.NaN));
    String relevance =
        feature(MODEL.explain(randomFeatures(new Random(7))), "relevance").getDescription();
    assertTrue(relevance.matches("relevance: value [0-9.]{1,6} × weight 0.7 \\[first-stage score"
        + " -?[0-9.]{1,7}(E-?\\d+)? min-max.*"), relevance);
  }

  @Test
  void perSessionTheVoteAndTheUsageTermsAreCappedTogether() {
    LinearModel perSession = withWeight(
        new LinearModel(LinearModel.DEFAULT.weights(), 0.5, 2, 0.1, true), Feature.BOOST, 50);
    LearnedBoost spam = new LearnedBoost(1, 1, 1e6, 1e6, 1, 0); // one session, a million clicks
    CandidateFeatures used = new CandidateFeatures(0.45, 0.45, null, null, 0, 0, spam, 5, 1, 1,
        0, List.of());
    CandidateFeatures unseen = CandidateFeatures.neutral(0.45, 0.45);
    // the vote, the prior, recency and frequency lift it by 0.1 in all
    assertEquals(perSession.score(unseen) + 0.1, perSession.score(used), 1e-12);
    Explanation explained = perSession.explain(used);
    assertEquals(Double.doubleToRawLongBits(perSession.score(used)),
        Double.doubleToRawLongBits(total(explained)));
    String prior = feature(explained, "prior").getDescription();
    assertTrue(prior.contains("capped at ±0.1 per clicking session (1)"), prior);
    // two sessions that skipped it drop it by at most 0.2
    LearnedBoost skipped = new LearnedBoost(0, 0.5, 1e6, 0, 0, 2);
    CandidateFeatures down = new CandidateFeatures(0.45, 0.45, null, null, 0, 0, skipped, 0, 0,
        0, 0, List.of());
    assertEquals(perSession.score(unseen) - 0.2, perSession.score(down), 1e-12);
  }
}
