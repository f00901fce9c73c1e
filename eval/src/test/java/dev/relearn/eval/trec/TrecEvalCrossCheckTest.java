package dev.relearn.eval.trec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Metric;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * relearn's metrics equal the real trec_eval's to 4 decimals, per query and on average, on
 * seeded random runs full of score ties, graded judgments, unjudged documents and queries the run
 * lacks. (Real runs on the shared datasets: {@link TrecEvalRealRunsTest}.)
 */
class TrecEvalCrossCheckTest {
  /** Every metric checked, by relearn's name; each maps to one trec_eval measure. */
  static final List<Metric> METRICS = Evaluator.of("ndcg@10", "ndcg@100", "ndcg", "map",
      "map@100", "mrr", "recall@10", "recall@100", "p@5", "p@10").metrics();
  /** trec_eval prints 4 decimals: equal to 4 decimals means within half a unit of the last. */
  static final double PRINTED = 0.5e-4 + 1e-9;

  @TempDir Path dir;

  @BeforeEach
  void trecEvalRuns() {
    TrecEval.requireSupportedPlatform();
  }

  @Test
  void seededRandomRunsWithTiesMatchTrecEval() throws Exception {
    for (long seed = 1; seed <= 5; seed++) {
      Random random = new Random(seed);
      Qrels.Builder qrels = Qrels.builder();
      Run.Builder run = Run.builder();
      int queries = 40;
      for (int q = 0; q < queries; q++) {
        String queryId = "q" + q;
        int docs = 30 + random.nextInt(150);
        int relevant = 0;
        for (int d = 0; d < docs; d++) {
          String docId = "d" + random.nextInt(400);
          if (random.nextInt(4) == 0) {
            int grade = random.nextInt(4) - (random.nextInt(10) == 0 ? 1 : 0); // -1..3
            qrels.add(queryId, docId, grade);
            relevant += grade >= 1 ? 1 : 0;
          }
          if (q % 13 != 7) { // some queries are missing from the run
            // few distinct scores: many ties, which trec_eval breaks by doc id descending
            run.add(queryId, docId, random.nextInt(8) / 2.0);
          }
        }
        if (relevant == 0) {
          qrels.add(queryId, "d" + (400 + q), 1 + random.nextInt(2)); // never retrieved
        }
      }
      assertMatches(qrels.build(), run.build(), "seed " + seed);
    }
  }

  @Test
  void fractionalScoresRoundTripExactly() throws Exception {
    Random random = new Random(42);
    Qrels.Builder qrels = Qrels.builder();
    Run.Builder run = Run.builder();
    for (int q = 0; q < 20; q++) {
      for (int d = 0; d < 120; d++) {
        if (random.nextInt(6) == 0) {
          qrels.add("t" + q, "doc-" + d, 1 + random.nextInt(2));
        }
        // near-equal scores that differ only in the last bits
        run.add("t" + q, "doc-" + d, 1.0 + random.nextInt(3) * Math.ulp(1.0) + 1e-7 * (d % 5));
      }
      qrels.add("t" + q, "doc-0", 1);
    }
    assertMatches(qrels.build(), run.build(), "ulp-level ties");
  }

  /** Asserts per-query and mean equality of every metric to 4 decimals. */
  static void assertMatches(Qrels qrels, Run run, String what, Path dir) throws Exception {
    EvaluationResult ours = new Evaluator(METRICS).evaluate(qrels, run);
    Map<Metric, Map<String, Double>> theirs = TrecEval.evaluate(qrels, run, METRICS, dir);
    int compared = 0;
    for (Metric metric : METRICS) {
      Map<String, Double> values = theirs.get(metric);
      assertTrue(values != null, "trec_eval printed no " + metric);
      for (String queryId : ours.queryIds()) {
        // trec_eval -q prints no line for a query missing from the run (-c still counts it 0)
        Double expected = run.ranking(queryId).isEmpty() ? Double.valueOf(0)
            : values.get(queryId);
        assertTrue(expected != null, what + ": trec_eval has no " + metric + " for " + queryId);
        assertEquals(expected, ours.value(queryId, metric), PRINTED,
            what + ": " + metric + " of query " + queryId);
        compared++;
      }
      assertEquals(values.get("all"), ours.mean(metric), PRINTED, what + ": mean " + metric);
    }
    assertEquals(ours.queryCount() * METRICS.size(), compared);
  }

  private void assertMatches(Qrels qrels, Run run, String what) throws Exception {
    assertMatches(qrels, run, what, dir);
    List<String> ids = new ArrayList<>(qrels.queryIdsWithRelevant());
    assertEquals(qrels.queryIds().size(), ids.size(), "every query has a relevant doc");
  }
}
