package dev.relearn.eval.trec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Metric;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * relearn's metrics equal the real trec_eval's to 4 decimals, per query and on average, on
 * seeded random runs full of score ties, graded judgments, unjudged documents, queries the run
 * lacks and judged queries without a relevant document (all grades 0 or negative), which both
 * count as 0. (Real runs on the shared datasets: {@link TrecEvalRealRunsTest}.)
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

  @Test
  void judgedQueriesWithoutRelevantDocsCountAsZeroAsInTrecEval() throws Exception {
    for (long seed = 1; seed <= 3; seed++) {
      Random random = new Random(seed);
      Qrels.Builder qrels = Qrels.builder();
      Run.Builder run = Run.builder();
      for (int q = 0; q < 30; q++) {
        String queryId = "z" + q;
        int kind = q % 4; // 0: all grade 0; 1: grades -1 and 0; 2: all -1; 3: some relevant
        for (int d = 0; d < 60; d++) {
          String docId = "d" + random.nextInt(200);
          if (random.nextInt(3) == 0) {
            int grade = switch (kind) {
              case 0 -> 0;
              case 1 -> -random.nextInt(2);
              case 2 -> -1;
              default -> random.nextInt(4) - 1;
            };
            qrels.add(queryId, docId, grade);
          }
          if (q % 7 != 5) { // some queries are missing from the run
            run.add(queryId, docId, random.nextInt(6) / 2.0);
          }
        }
        // a judgment of a doc the run never holds, so that each kind has its grade at least once
        qrels.add(queryId, "n" + q, kind == 1 || kind == 2 ? -1 : 0);
        if (kind == 3) {
          qrels.add(queryId, "d" + random.nextInt(200), 1 + random.nextInt(2));
        }
      }
      run.add("unjudged", "d1", 1.0); // in the run only: ignored by both
      Qrels judged = qrels.build();
      Run built = run.build();
      assertMatches(judged, built, "seed " + seed, dir);
      EvaluationResult ours = new Evaluator(METRICS).evaluate(judged, built, judged.queryIds());
      assertEquals(30, ours.queryCount(), "every judged query counts");
      long withoutRelevant = ours.queryIds().stream()
          .filter(id -> judged.relevantCount(id) == 0).count();
      assertTrue(withoutRelevant >= 20, "queries without a relevant doc: " + withoutRelevant);
      assertTrue(ours.queryIds().stream().anyMatch(id -> judged.relevantCount(id) == 0
          && built.ranking(id).isEmpty()), "one of them is missing from the run");
    }
  }

  @Test
  void smallQrelsWithOnlyNonRelevantQueriesMatchTrecEval() throws Exception {
    // q2 all grade 0 (retrieved), q3 grades -1 and 0, q4 only -1, q6 only 0 and not in the run,
    // q5 in the run only: trec_eval -c averages over q1-q4 and q6, each of those scoring 0
    Qrels qrels = Qrels.builder().add("q1", "d1", 1).add("q1", "d2", 0)
        .add("q2", "d1", 0).add("q2", "d3", 0).add("q3", "d2", -1).add("q3", "d4", 0)
        .add("q4", "d5", -1).add("q6", "d1", 0).build();
    Run run = Run.builder().add("q1", "d1", 3).add("q1", "d2", 2).add("q2", "d1", 3)
        .add("q2", "d3", 2).add("q3", "d2", 3).add("q4", "d5", 3).add("q5", "d5", 3).build();
    assertMatches(qrels, run, "small", dir);
    EvaluationResult ours = new Evaluator(METRICS).evaluate(qrels, run, qrels.queryIds());
    assertEquals(5, ours.queryCount());
    assertEquals(0.2, ours.mean(Metric.parse("ndcg@10")), 1e-12);
  }

  /** Asserts per-query and mean equality of every metric to 4 decimals. */
  static void assertMatches(Qrels qrels, Run run, String what, Path dir) throws Exception {
    EvaluationResult ours = new Evaluator(METRICS).evaluate(qrels, run, qrels.queryIds());
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
  }
}
