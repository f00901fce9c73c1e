package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FeatureExtractorTest {
  private static final long NOW = 1_700_000_000_000L;
  private static final long DAY = 24L * 60 * 60 * 1000;
  private final FeatureExtractor extractor = new FeatureExtractor(NOW);

  private static List<Candidate> window(double... scores) {
    List<Candidate> out = new ArrayList<>();
    for (int i = 0; i < scores.length; i++) {
      out.add(Candidate.of(i, i, scores[i], "c" + i, LearnedValues.NEUTRAL));
    }
    return out;
  }

  private static double frequency(double uses, double maxUses) {
    return UsageSignals.frequencyOfLogs(UsageSignals.logUses(uses),
        UsageSignals.logUses(maxUses));
  }

  /** The features of every candidate in {@code window}, in order, as serving computes them. */
  static List<CandidateFeatures> extract(FeatureExtractor extractor, List<Candidate> window,
      FeedbackEvidence feedback, RerankContext context) {
    WindowStats stats = WindowStats.of(window, feedback.withinBudget());
    return window.stream().map(c -> extractor.features(c, stats, feedback, context)).toList();
  }

  private List<CandidateFeatures> extract(List<Candidate> window) {
    return extract(extractor, window, FeedbackEvidence.NONE, null);
  }

  @Test
  void relevanceIsMinMaxOverTheWindow() {
    List<CandidateFeatures> features = extract(window(10, 5, 0));
    assertEquals(List.of(1.0, 0.5, 0.0),
        features.stream().map(CandidateFeatures::relevance).toList());
    assertEquals(1.0, extract(window(3.5)).get(0).relevance(), "a single candidate");
    assertEquals(List.of(1.0, 1.0), extract(window(2, 2)).stream()
        .map(CandidateFeatures::relevance).toList(), "equal scores");
    assertEquals(0.5, new WindowStats(-Double.MAX_VALUE, Double.MAX_VALUE, 0, 2)
        .relevanceNormaliser().normalise(0),
        "a range wider than Double.MAX_VALUE still normalises");
  }

  @Test
  void withoutLearnedValuesOrFeedbackEveryFeatureButRelevanceIsNeutral() {
    List<CandidateFeatures> features = extract(window(4, 2, 1));
    assertEquals(CandidateFeatures.neutral(4, 1.0), features.get(0));
    assertEquals(CandidateFeatures.neutral(1, 0.0), features.get(2));
  }

  @Test
  void nonFiniteFirstStageScoresAreNeutralisedAndNoted() {
    List<CandidateFeatures> features =
        extract(window(3, Double.NaN, 1, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    assertEquals(0.0, features.get(1).relevance());
    assertEquals(1.0, features.get(1).firstStageScore(), "NaN became the window's lowest score");
    assertTrue(features.get(1).notes().get(0).startsWith("first-stage score was NaN"),
        features.get(1).notes().toString());
    assertEquals(1.0, features.get(3).relevance());
    assertTrue(features.get(3).notes().get(0).contains("Infinity"));
    assertEquals(0.0, features.get(4).relevance());
    assertEquals(List.of(), features.get(0).notes());
    List<CandidateFeatures> allNaN = extract(window(Double.NaN, Double.NaN));
    assertEquals(1.0, allNaN.get(0).relevance(), "no finite score at all: all equal");
  }

  @Test
  void priorIsExactlyZeroWithoutOutcomesAndFloored() {
    assertEquals(0.0, UsageSignals.logPrior(0, 0));
    assertEquals(Math.log(1 + Math.log(4)), UsageSignals.logPrior(3, 0), 1e-15);
    assertTrue(UsageSignals.logPrior(0, 3) < 0);
    assertEquals(Math.log(0.01), UsageSignals.logPrior(0, 1_000_000));
    assertThrows(IllegalArgumentException.class, () -> UsageSignals.logPrior(-1, 0));
  }

  @Test
  void recencyDecaysOverThirtyDaysAndIsZeroWhenNeverUsed() {
    assertEquals(0.0, UsageSignals.recency(0, NOW));
    assertEquals(1.0, UsageSignals.recency(NOW, NOW));
    assertEquals(Math.exp(-1), UsageSignals.recency(NOW - 30 * DAY, NOW), 1e-15);
    assertEquals(1.0, UsageSignals.recency(NOW + DAY, NOW), "a future use counts as now");
  }

  @Test
  void frequencyIsRelativeToTheMostUsedVouchedChunkInTheWindow() {
    assertEquals(0.0, frequency(0, 0));
    assertEquals(1.0, frequency(7, 7));
    assertEquals(Math.log(4) / Math.log(16), frequency(3, 15), 1e-15);
    assertEquals(0.0, frequency(1e-20, 1e-20), "ln(1 + 1e-20) is 0: not 0/0");
    List<Candidate> window = List.of(
        Candidate.of(0, 0, 2, "a", new LearnedValues(20, 15, 2, 0, NOW - DAY)),
        Candidate.of(1, 1, 1, "b", new LearnedValues(5, 3, 0, 1, 0)),
        Candidate.of(2, 2, 0, "unvouched", new LearnedValues(90, 60, 0, 0, 0)));
    ChunkEvidence seen = new ChunkEvidence(1, 1, 0, 0);
    FeedbackEvidence evidence = new FeedbackEvidence(
        List.of(new PastQuery(0.9f, 1, Map.of("a", seen, "b", seen), 0)), List.of(),
        BoostEstimatorTest.PLAIN);
    assertEquals(0.0, extract(window).get(0).frequency(), "nothing vouched: no most-used");
    List<CandidateFeatures> features = extract(extractor, window, evidence, null);
    assertEquals(1.0, features.get(0).frequency(), "the unvouched 60 uses do not count");
    assertEquals(Math.log(4) / Math.log(16), features.get(1).frequency(), 1e-15);
    assertTrue(features.get(0).logPrior() > 0 && features.get(1).logPrior() < 0);
    assertEquals(Math.exp(-1.0 / 30), features.get(0).recency(), 1e-15);
    assertEquals(0.0, features.get(1).recency());
  }

  @Test
  void contextMatchesByPathPrefixOrKind() {
    RerankContext context = new RerankContext(List.of("src/main/"), Set.of(ChunkKind.MARKDOWN));
    List<Candidate> window = List.of(
        new Candidate(0, 0, 1, null, null, "a", "src/main/A.java", "code", LearnedValues.NEUTRAL),
        new Candidate(1, 1, 1, null, null, "b", "docs/b.md", "markdown", LearnedValues.NEUTRAL),
        new Candidate(2, 2, 1, null, null, "c", "src/test/C.java", "code", LearnedValues.NEUTRAL),
        new Candidate(3, 3, 1, null, null, "d", null, null, LearnedValues.NEUTRAL));
    List<Double> matches = extract(extractor, window, FeedbackEvidence.NONE, context).stream()
        .map(CandidateFeatures::contextMatch).toList();
    assertEquals(List.of(1.0, 1.0, 0.0, 0.0), matches);
    assertEquals(List.of(0.0, 0.0, 0.0, 0.0), extract(extractor, window, FeedbackEvidence.NONE,
        RerankContext.NONE).stream().map(CandidateFeatures::contextMatch).toList());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RerankContext(List.of(""), Set.of()));
    assertEquals("context path prefix must not be empty, got: ''", e.getMessage());
  }

  @Test
  void feedbackNotesReachEveryCandidate() {
    FeedbackEvidence noted = new FeedbackEvidence(List.of(), List.of("query vector was NaN"),
        BoostEstimatorTest.PLAIN);
    for (CandidateFeatures f : extract(extractor, window(1, 2), noted, null)) {
      assertEquals(List.of("query vector was NaN"), f.notes());
    }
  }

  @Test
  void featuresRejectValuesOutsideTheirRange() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CandidateFeatures.neutral(1, 1.5));
    assertEquals("relevance must be in [0, 1], got: 1.5", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> CandidateFeatures.neutral(Double.NaN,
        1));
    assertEquals("firstStageScore must be finite, got: NaN", e.getMessage());
  }
}
