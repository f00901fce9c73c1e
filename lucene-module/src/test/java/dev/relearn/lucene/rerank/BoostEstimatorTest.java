package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BoostEstimatorTest {
  /** {@code chunkId}'s boost summed on its own: what FeedbackEvidence's one pass must equal. */
  static LearnedBoost estimate(String chunkId, List<PastQuery> pastQueries,
      VoteWeighting weighting) {
    if (chunkId == null) {
      return LearnedBoost.NONE;
    }
    BoostEstimator.Sums sums = new BoostEstimator.Sums(weighting.failedClickWeight());
    for (PastQuery query : pastQueries) {
      sums.add(BoostEstimator.weight(query, weighting), query.chunks().get(chunkId),
          query.sessions(), query.share());
    }
    return sums.boost();
  }

  /** Similarity-weighted, every click in full. */
  static final VoteWeighting PLAIN = new VoteWeighting(Double.POSITIVE_INFINITY, 1);
  private static final List<String> CHUNKS = List.of("a", "b", "c", "d", "e", "f");

  /** One flattened (past query, chunk) pair, for the brute-force oracle. */
  private record Row(double similarity, String chunk, double exams, double clicks,
      double successes, double failures) {}

  @Test
  void matchesBruteForceOracle() {
    Random random = new Random(20240611L);
    LinearModel model = LinearModel.DEFAULT;
    for (int trial = 0; trial < 500; trial++) {
      List<PastQuery> past = randomPastQueries(random);
      List<Row> rows = new ArrayList<>();
      for (PastQuery query : past) { // a decayed query's counts, each scaled, as they count
        double s = query.scale();
        query.chunks().forEach((chunk, e) -> rows.add(new Row(query.similarity(), chunk,
            s * e.examinations(), s * e.clicks(), s * e.successes(), s * e.failures())));
      }
      for (String chunk : CHUNKS) {
        double clickSum = 0;
        double examSum = 0;
        double successSum = 0;
        double outcomeSum = 0;
        for (Row row : rows) {
          if (!row.chunk().equals(chunk)) {
            continue;
          }
          double examined = row.exams() < row.clicks() ? row.clicks() : row.exams();
          clickSum += row.similarity() * row.clicks();
          examSum += row.similarity() * examined;
          successSum += row.similarity() * row.successes();
          outcomeSum += row.similarity() * row.successes() + row.similarity() * row.failures();
        }
        double clickRate = examSum == 0 ? 0.5 : Math.min(1, clickSum / examSum);
        double successRate = outcomeSum == 0 ? 0.5 : successSum / outcomeSum;
        double raw = (clickRate + successRate) / 2;
        double expectedContribution = examSum == 0 ? 0
            : Math.max(-0.1, Math.min(0.1, 0.3 * (examSum / (examSum + 2)) * (raw - 0.5)));

        LearnedBoost boost = estimate(chunk, past, PLAIN);
        String where = "trial " + trial + ", chunk " + chunk;
        assertEquals(clickRate, boost.clickRate(), 1e-12, where);
        assertEquals(successRate, boost.successRate(), 1e-12, where);
        assertEquals(examSum, boost.evidence(), 1e-12, where);
        assertEquals(outcomeSum, boost.outcomeEvidence(), 1e-12, where);
        assertEquals(raw, boost.value(), 1e-12, where);
        assertEquals(expectedContribution, LinearModelTest.boostContribution(model, boost), 1e-12,
            where);
        assertEquals(boost, new FeedbackEvidence(past, List.of(), PLAIN).boost(chunk),
            "the precomputed boosts equal the direct estimate exactly; " + where);
      }
    }
  }

  private static List<PastQuery> randomPastQueries(Random random) {
    int count = random.nextInt(21);
    List<PastQuery> past = new ArrayList<>(count);
    for (int q = 0; q < count; q++) {
      Map<String, ChunkEvidence> chunks = new HashMap<>();
      for (String chunk : CHUNKS) {
        if (random.nextInt(3) == 0) {
          continue;
        }
        double exams = random.nextInt(5) == 0 ? 0 : random.nextDouble() * 5;
        double clicks = random.nextInt(3) == 0 ? 0 : random.nextDouble() * (exams + 0.5) * 1.2;
        double successes = random.nextBoolean() ? 0 : random.nextDouble() * 2;
        double failures = random.nextBoolean() ? 0 : random.nextDouble() * 2;
        chunks.put(chunk, new ChunkEvidence(exams, clicks, successes, failures));
      }
      float similarity = 0.7f + random.nextFloat() * 0.3f;
      double scale = random.nextInt(3) == 0 ? 1 : random.nextDouble(); // decayed, or not
      past.add(new PastQuery(similarity, 1 + random.nextInt(3), chunks, 1_000L * q, scale,
          Set.of()));
    }
    return past;
  }

  @Test
  void scaleCountsEveryCountOfThePastQuery() {
    Map<String, ChunkEvidence> chunks = Map.of("a", new ChunkEvidence(4, 2, 1, 1));
    PastQuery full = new PastQuery(0.8f, 1, chunks, 0);
    assertEquals(1.0, full.scale(), "the four-argument form counts in full");
    assertSame(chunks.get("a"), full.evidence("a"));
    PastQuery decayed = new PastQuery(0.75f, 1, chunks, 0, 0.25, Set.of());
    assertEquals(new ChunkEvidence(1, 0.5, 0.25, 0.25), decayed.evidence("a"));
    assertEquals(null, decayed.evidence("b"));
    assertEquals(new ChunkEvidence(4, 2, 1, 1), decayed.chunks().get("a"), "kept as gathered");
    LearnedBoost boost = estimate("a", List.of(decayed), PLAIN);
    assertEquals(0.75 * 0.25 * 4, boost.evidence(), 1e-15);
    assertEquals(0.5, boost.clickRate(), 1e-15, "rates are ratios: a lone query's decay cancels");
    for (double bad : new double[] {-0.1, 1.5, Double.NaN}) {
      assertEquals("scale must be in [0, 1], got: " + bad, assertThrows(
          IllegalArgumentException.class, () -> new PastQuery(0.8f, 1, chunks, 0, bad, Set.of()))
          .getMessage());
    }
  }

  @Test
  void noPastQueriesOrNoIdMeansNoEvidence() {
    assertEquals(LearnedBoost.NONE, estimate("a", List.of(), PLAIN));
    PastQuery other = new PastQuery(0.9f, 1, Map.of("b", new ChunkEvidence(3, 2, 1, 0)), 0);
    assertEquals(LearnedBoost.NONE, estimate("a", List.of(other), PLAIN));
    assertSame(LearnedBoost.NONE, estimate(null, List.of(other), PLAIN));
    assertEquals(0.0, LinearModel.DEFAULT.vote(LearnedBoost.NONE));
  }

  @Test
  void aClickImpliesAnExaminationSoTheRateStaysInRange() {
    // a click at a deep rank: examination probability 0.1, one click; IPS would say 10
    PastQuery deep = new PastQuery(0.8f, 1, Map.of("a", new ChunkEvidence(0.1, 1, 0, 0)), 0);
    LearnedBoost boost = estimate("a", List.of(deep), PLAIN);
    assertEquals(1.0, boost.clickRate());
    assertEquals(0.8f, boost.evidence(), 1e-12);
    assertEquals(0.5, boost.successRate(), "no outcome: neutral success rate");
  }

  @Test
  void outcomesDecideTheSuccessRate() {
    PastQuery q = new PastQuery(1f, 1, Map.of("a", new ChunkEvidence(4, 2, 1, 3)), 0);
    LearnedBoost boost = estimate("a", List.of(q), PLAIN);
    assertEquals(0.5, boost.clickRate(), 1e-15);
    assertEquals(0.25, boost.successRate(), 1e-15);
    assertEquals(4, boost.outcomeEvidence(), 1e-15);
  }

  @Test
  void weightsThatAreNotFiniteAndPositiveAreIgnored() {
    assertEquals(0.0, BoostEstimator.weight(Float.NaN, PLAIN));
    assertEquals(0.0, BoostEstimator.weight(Float.POSITIVE_INFINITY, PLAIN));
    assertEquals(0.0, BoostEstimator.weight(-0.5f, PLAIN));
    assertEquals(0.0, BoostEstimator.weight(0f, PLAIN));
    assertEquals(1.0, BoostEstimator.weight(1.0005f, PLAIN));
    PastQuery opposite = new PastQuery(-0.9f, 1, Map.of("a", new ChunkEvidence(9, 9, 9, 0)), 0);
    assertEquals(LearnedBoost.NONE, estimate("a", List.of(opposite), PLAIN));
  }

  @Test
  void learnedBoostValidatesWithTheBadValueInTheMessage() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LearnedBoost(1.5, 0.5, 0, 0, 0, 0));
    assertEquals("clickRate must be in [0, 1], got: 1.5", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new LearnedBoost(0.5, 0.5, Double.NaN,
        0, 0, 0));
    assertTrue(e.getMessage().contains("evidence must be finite and >= 0, got: NaN"),
        e.getMessage());
  }

  @Test
  void theTemperatureLetsTheMostSimilarPastQueryDominate() {
    PastQuery near = new PastQuery(0.98f, 1, Map.of("a", new ChunkEvidence(1, 1, 0, 0)), 0);
    PastQuery far = new PastQuery(0.75f, 1, Map.of("a", new ChunkEvidence(1, 0, 0, 0)), 0);
    LearnedBoost plain = estimate("a", List.of(near, far), PLAIN);
    LearnedBoost sharp =
        estimate("a", List.of(near, far), new VoteWeighting(0.05, 1));
    double nearWeight = 0.98 * Math.exp(-0.02 / 0.05);
    double farWeight = 0.75 * Math.exp(-0.25 / 0.05);
    assertEquals(0.98f / (0.98f + 0.75f), plain.clickRate(), 1e-6);
    assertEquals(nearWeight / (nearWeight + farWeight), sharp.clickRate(), 1e-6);
    assertTrue(sharp.clickRate() > 0.95 && plain.clickRate() < 0.6, sharp + " " + plain);
  }

  @Test
  void aClickFromAFailedTaskCountsLess() {
    PastQuery failed = new PastQuery(1f, 1, Map.of("a", new ChunkEvidence(1, 1, 0, 1)), 0);
    assertEquals(1, estimate("a", List.of(failed), PLAIN)
        .clickRate(), 1e-12);
    assertEquals(0.5, estimate("a", List.of(failed), new VoteWeighting(1e6, 0.5))
        .clickRate(), 1e-12);
    assertEquals(0, estimate("a", List.of(failed), new VoteWeighting(1e6, 0))
        .clickRate(), 1e-12);
    assertEquals("failedClickWeight must be in [0, 1], got: 1.5", assertThrows(
        IllegalArgumentException.class, () -> new VoteWeighting(1, 1.5)).getMessage());
    assertEquals("temperature must be > 0, got: 0.0", assertThrows(
        IllegalArgumentException.class, () -> new VoteWeighting(0, 1)).getMessage());
  }

  @Test
  void oneSessionsManyPastQueriesCountAsOneVoice() {
    ChunkEvidence click = new ChunkEvidence(1, 1, 1, 0);
    ChunkEvidence skip = new ChunkEvidence(1, 0, 0, 0);
    List<PastQuery> oneSession = List.of(
        new PastQuery(0.9f, 1, Map.of("a", click), 0, 1, Set.of("s1")),
        new PastQuery(0.8f, 1, Map.of("a", click), 0, 1, Set.of("s1")));
    List<PastQuery> mixed = List.of(
        new PastQuery(0.9f, 1, Map.of("a", click), 0, 1, Set.of("s1")),
        new PastQuery(0.8f, 1, Map.of("a", click), 0, 1, Set.of("s2", "s1")),
        new PastQuery(0.8f, 1, Map.of("a", skip), 0, 1, Set.of("s3")));
    List<PastQuery> unknown = List.of(new PastQuery(0.9f, 1, Map.of("a", click), 0),
        new PastQuery(0.8f, 1, Map.of("a", skip), 0));
    LearnedBoost one = estimate("a", oneSession, PLAIN);
    assertEquals(List.of(1.0, 0.0), List.of(one.clickSessions(), one.skipSessions()));
    LearnedBoost two = estimate("a", mixed, PLAIN);
    assertEquals(List.of(2.0, 1.0), List.of(two.clickSessions(), two.skipSessions()));
    assertEquals(two, new FeedbackEvidence(mixed, List.of(), PLAIN).boost("a"));
    LearnedBoost anonymous = estimate("a", unknown, PLAIN);
    assertEquals(List.of(1.0, 1.0), List.of(anonymous.clickSessions(), anonymous.skipSessions()));
    assertEquals(LearnedBoost.NONE, estimate("b", mixed, PLAIN));
  }
}
