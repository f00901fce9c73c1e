package dev.relearn.eval.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Hand-computed cases; the arithmetic is in the comments. log2(3) = 1.5849625007211562. */
class EvaluatorTest {
  private static final double EPS = 1e-12;
  private static final Evaluator ALL = Evaluator.of(
      "ndcg@10", "ndcg@2", "recall@2", "recall@3", "mrr@10", "mrr@2", "map@10", "p@2", "p@3");

  private static double log2(int x) {
    return Math.log(x) / Math.log(2);
  }

  private static double value(EvaluationResult result, String queryId, String metric) {
    return result.value(queryId, Metric.parse(metric));
  }

  @Test
  void gradedNdcgUsesLinearGainAndIdealFromAllRelevantDocs() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("d1", 2, "d2", 1, "d3", 1, "d4", 0)));
    Run run = Run.builder()
        .add("q", "d2", 3.0).add("q", "d4", 2.0).add("q", "d1", 1.0).add("q", "d9", 0.5).build();
    EvaluationResult result = ALL.evaluate(qrels, run, qrels.queryIds());
    // Ranked grades: d2=1, d4=0, d1=2, d9=unjudged(0).
    // DCG@10  = 1/log2(2) + 0/log2(3) + 2/log2(4) + 0 = 1 + 0 + 1 = 2
    // IDCG@10 = gains [2,1,1]: 2/1 + 1/log2(3) + 1/log2(4) = 2 + 0.6309297535714575 + 0.5
    //         = 3.1309297535714575; nDCG@10 = 2 / 3.1309297535714575 = 0.6387878864795979
    assertEquals(2 / (2 + 1 / log2(3) + 0.5), value(result, "q", "ndcg@10"), EPS);
    assertEquals(0.6387878864795979, value(result, "q", "ndcg@10"), 1e-12);
    // DCG@2 = 1; IDCG@2 = 2 + 1/log2(3) = 2.6309297535714575; nDCG@2 = 0.38009376671593426
    assertEquals(0.38009376671593426, value(result, "q", "ndcg@2"), 1e-12);
    // 3 relevant (d4 has grade 0): recall@2 = 1/3, recall@3 = 2/3
    assertEquals(1.0 / 3, value(result, "q", "recall@2"), EPS);
    assertEquals(2.0 / 3, value(result, "q", "recall@3"), EPS);
    // first relevant at rank 1
    assertEquals(1.0, value(result, "q", "mrr@10"), EPS);
    // AP@10: relevant at ranks 1 and 3: (1/1 + 2/3) / 3 relevant = 0.5555...
    assertEquals((1 + 2.0 / 3) / 3, value(result, "q", "map@10"), EPS);
    // P@2 = 1/2; P@3 = 2/3
    assertEquals(0.5, value(result, "q", "p@2"), EPS);
    assertEquals(2.0 / 3, value(result, "q", "p@3"), EPS);
  }

  @Test
  void tiesAreBrokenByDocIdDescendingWhateverTheInputOrder() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("a", 1)));
    // Equal scores: "b" > "a", so b is rank 1 and a is rank 2, although a came first.
    Run run = Run.builder().add("q", "a", 1.0).add("q", "b", 1.0).build();
    assertEquals(List.of("b", "a"), run.ranking("q").stream().map(ScoredDoc::docId).toList());
    EvaluationResult result = ALL.evaluate(qrels, run, qrels.queryIds());
    // MRR = 1/2 (it would be 1 in input order); nDCG@10 = (1/log2(3)) / (1/log2(2)) = 0.6309
    assertEquals(0.5, value(result, "q", "mrr@10"), EPS);
    assertEquals(1 / log2(3), value(result, "q", "ndcg@10"), EPS);
    // and p@2 does not care: 1/2
    assertEquals(0.5, value(result, "q", "p@2"), EPS);
  }

  @Test
  void tieBreakIsStringOrderNotNumeric() {
    // "9".compareTo("10") > 0, so "9" ranks above "10" on equal scores.
    Run run = Run.builder().add("q", "10", 2.0).add("q", "9", 2.0).add("q", "1", 3.0).build();
    assertEquals(List.of("1", "9", "10"),
        run.ranking("q").stream().map(ScoredDoc::docId).toList());
  }

  @Test
  void queryWithNoResultsScoresZeroAndCounts() {
    Qrels qrels = MetricsFixtures.qrels(Map.of(
        "q1", Map.of("d1", 1), "q2", Map.of("d2", 1), "q3", Map.of("d3", 1)));
    // q1 perfect; q2 run with an empty list; q3 absent from the run.
    Run run = Run.builder().add("q1", "d1", 1.0).addQuery("q2").build();
    EvaluationResult result =
        ALL.evaluate(qrels, run, new LinkedHashSet<>(List.of("q1", "q2", "q3")));
    assertEquals(3, result.queryCount());
    assertEquals(Set.of("q2", "q3"), result.unretrievedQueryIds());
    assertEquals(0.0, value(result, "q2", "ndcg@10"), EPS);
    assertEquals(0.0, value(result, "q3", "recall@3"), EPS);
    // mean nDCG@10 = (1 + 0 + 0) / 3
    assertEquals(1.0 / 3, result.mean("ndcg@10"), EPS);
    assertEquals(1.0 / 3, result.mean("mrr@10"), EPS);
  }

  @Test
  void relevantDocRetrievedTwiceCountsOnceAtItsBestScore() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("d1", 1, "d2", 1)));
    // d1 appears twice; the lower-scored copy comes first in the input.
    Run run = Run.builder()
        .add("q", "d1", 1.0).add("q", "d2", 3.0).add("q", "d1", 5.0).build();
    assertEquals(List.of(new ScoredDoc("d1", 5.0), new ScoredDoc("d2", 3.0)), run.ranking("q"));
    EvaluationResult result = ALL.evaluate(qrels, run, qrels.queryIds());
    // Ranking d1, d2: P@3 = 2/3 (3/3 if the copy counted), AP = (1/1 + 2/2) / 2 = 1 (not 1.5)
    assertEquals(2.0 / 3, value(result, "q", "p@3"), EPS);
    assertEquals(1.0, value(result, "q", "map@10"), EPS);
    // recall@2 = 2/2; nDCG@10 = 1
    assertEquals(1.0, value(result, "q", "recall@2"), EPS);
    assertEquals(1.0, value(result, "q", "ndcg@10"), EPS);
  }

  @Test
  void recallAtKDividesByAllRelevantEvenWhenMoreThanK() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("r1", 1, "r2", 1, "r3", 1, "r4", 1, "r5", 1)));
    Run run = Run.builder().add("q", "r1", 3).add("q", "r2", 2).add("q", "r3", 1).build();
    EvaluationResult result = ALL.evaluate(qrels, run, qrels.queryIds());
    // recall@2 = 2/5 = 0.4 (not capped at k); recall@3 = 3/5 = 0.6
    assertEquals(0.4, value(result, "q", "recall@2"), EPS);
    assertEquals(0.6, value(result, "q", "recall@3"), EPS);
    // the ideal is cut at k too: nDCG@2 = (1 + 1/log2(3)) / (1 + 1/log2(3)) = 1
    assertEquals(1.0, value(result, "q", "ndcg@2"), EPS);
    // AP@10 = (1/1 + 2/2 + 3/3) / 5 = 0.6
    assertEquals(0.6, value(result, "q", "map@10"), EPS);
  }

  @Test
  void mrrWithFirstRelevantAtRankThree() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("n1", 0, "n2", -1, "r", 1, "r2", 2)));
    Run run = Run.builder()
        .add("q", "n1", 4).add("q", "n2", 3).add("q", "r", 2).add("q", "r2", 1).build();
    EvaluationResult result = ALL.evaluate(qrels, run, qrels.queryIds());
    // grades 0 and -1 are judged non-relevant: the first relevant doc is at rank 3
    assertEquals(1.0 / 3, value(result, "q", "mrr@10"), EPS);
    // not within the top 2
    assertEquals(0.0, value(result, "q", "mrr@2"), EPS);
    // nDCG@10 = (1/log2(4) + 2/log2(5)) / (2/1 + 1/log2(3))
    assertEquals((0.5 + 2 / log2(5)) / (2 + 1 / log2(3)), value(result, "q", "ndcg@10"), EPS);
  }

  @Test
  void selfHitsAreRemovedBeforeRanking() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q1", Map.of("d1", 1)));
    Run run = Run.builder().add("q1", "q1", 9).add("q1", "d1", 8).add("q1", "d2", 7).build();
    // with the self hit, d1 is at rank 2: MRR = 1/2
    assertEquals(0.5, value(ALL.evaluate(qrels, run, qrels.queryIds()), "q1", "mrr@10"), EPS);
    Run cleaned = run.withoutSelfHits(Integer.MAX_VALUE);
    assertEquals(List.of("d1", "d2"),
        cleaned.ranking("q1").stream().map(ScoredDoc::docId).toList());
    // without it, d1 is at rank 1: MRR = 1
    assertEquals(1.0, value(ALL.evaluate(qrels, cleaned, qrels.queryIds()), "q1", "mrr@10"), EPS);
  }

  @Test
  void judgedQueriesWithoutRelevantDocsCountAsZeroAndUnjudgedOnesAreExcluded() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q1", Map.of("d1", 1), "q2", Map.of("d2", 0, "d3", 0),
        "q5", Map.of("d5", -1, "d6", 0), "q4", Map.of("d4", 1)));
    Run run = Run.builder().add("q1", "d1", 1).add("q2", "d2", 2).add("q2", "d3", 1)
        .add("q3", "d1", 1).build();
    // q2 (grades 0, both retrieved) and q5 (grades -1 and 0, not in the run) count with 0, as in
    // trec_eval; q3 has no judgment: excluded. q4 is not in the set: ignored.
    EvaluationResult result =
        ALL.evaluate(qrels, run, new LinkedHashSet<>(List.of("q1", "q2", "q3", "q5")));
    assertEquals(List.of("q1", "q2", "q5"), result.queryIds());
    assertEquals(Set.of("q3"), result.excludedQueryIds());
    assertEquals(Set.of("q5"), result.unretrievedQueryIds());
    for (Metric metric : ALL.metrics()) {
      assertEquals(0.0, result.value("q2", metric), 0.0, metric + " of q2");
      assertEquals(0.0, result.value("q5", metric), 0.0, metric + " of q5");
    }
    // mean over q1, q2 and q5: 1/3
    assertEquals(1.0 / 3, result.mean("ndcg@10"), EPS);
    assertEquals(1.0 / 3, result.mean("mrr@10"), EPS);
    // p@2: q1 has 1 relevant doc in 2 ranks
    assertEquals(0.5 / 3, result.mean("p@2"), EPS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> value(result, "q3", "ndcg@10"));
    assertEquals("query 'q3' was not counted (it has no judgments)", e.getMessage());
    assertTrue(result.summary().endsWith("3 queries (1 excluded: no judgments; 1 retrieved"
        + " nothing)\n"), result.summary());
  }

  @Test
  void aSummaryOfOneQuerySaysQuery() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q1", Map.of("d1", 1)));
    Run run = Run.builder().add("q1", "d1", 1).build();
    String summary = ALL.evaluate(qrels, run, Set.of("q1")).summary();
    assertTrue(summary.endsWith("\n1 query (0 excluded: no judgments; 0 retrieved nothing)\n"),
        summary);
  }

  @Test
  void everyMeasureIsZeroNotNaNWithoutRelevantDocs() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("a", 0, "b", -1, "c", 0)));
    Run run = Run.builder().add("q", "a", 3).add("q", "b", 2).add("q", "x", 1).build();
    for (Measure measure : Measure.values()) {
      for (int k : new int[] {1, 2, 10, Metric.NO_CUTOFF}) {
        if (k == Metric.NO_CUTOFF && measure.needsCutoff()) {
          continue;
        }
        Metric metric = new Metric(measure, k);
        for (Run ranked : List.of(run, Run.builder().build())) {
          EvaluationResult result = new Evaluator(List.of(metric)).evaluate(qrels, ranked,
              qrels.queryIds());
          assertEquals(0.0, result.value("q", metric), 0.0, metric.name());
          assertEquals(0.0, result.mean(metric), 0.0, metric.name());
        }
      }
    }
  }

  @Test
  void noCountedQueryGivesNaNMeans() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("d", 0)));
    EvaluationResult result = ALL.evaluate(qrels, Run.builder().build(), Set.of("unjudged"));
    assertEquals(0, result.queryCount());
    assertEquals(Set.of("unjudged"), result.excludedQueryIds());
    assertTrue(Double.isNaN(result.mean("ndcg@10")));
  }

  @Test
  void wholeRankingMetricsWithoutCutoff() {
    Qrels qrels = MetricsFixtures.qrels(Map.of("q", Map.of("a", 1, "z", 1)));
    Run.Builder builder = Run.builder().add("q", "a", 100);
    for (int i = 0; i < 20; i++) {
      builder.add("q", "n" + i, 50 - i);
    }
    Run run = builder.add("q", "z", 1).build();
    EvaluationResult result = Evaluator.of("map", "recall", "recall@10").evaluate(qrels, run,
        qrels.queryIds());
    // z is at rank 22: AP = (1/1 + 2/22) / 2 = 0.5454...; recall = 1; recall@10 = 1/2
    assertEquals((1 + 2.0 / 22) / 2, result.mean("map"), EPS);
    assertEquals(1.0, result.mean("recall"), EPS);
    assertEquals(0.5, result.mean("recall@10"), EPS);
  }

  @Test
  void evaluatorRejectsEmptyOrRepeatedMetrics() {
    assertThrows(IllegalArgumentException.class, () -> new Evaluator(List.of()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Evaluator.of("ndcg@10", "NDCG@10"));
    assertTrue(e.getMessage().contains("ndcg@10"), e.getMessage());
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> Evaluator.of("ndcg@10").evaluate(MetricsFixtures.qrels(Map.of()), Run.builder().build(),
            Set.of()).mean("mrr@10"));
    assertTrue(missing.getMessage().contains("mrr@10"), missing.getMessage());
  }
}
