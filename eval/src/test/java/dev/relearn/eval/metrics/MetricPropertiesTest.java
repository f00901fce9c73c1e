package dev.relearn.eval.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Properties that must hold on random data (seeded, so failures reproduce). */
class MetricPropertiesTest {
  private static final Evaluator EVALUATOR = Evaluator.of(
      "ndcg@10", "ndcg@3", "ndcg", "recall@5", "recall@100", "mrr@10", "map", "map@10", "p@5");

  @Test
  void inputOrderDoesNotMatterAndValuesStayInRange() {
    Random random = new Random(42);
    for (int trial = 0; trial < 200; trial++) {
      Qrels qrels = randomQrels(random);
      List<ScoredDoc> hits = randomHits(random);
      List<ScoredDoc> shuffled = new ArrayList<>(hits);
      Collections.shuffle(shuffled, random);
      Set<String> ids = qrels.queryIds();
      EvaluationResult a = EVALUATOR.evaluate(qrels, MetricsFixtures.run(Map.of("q", hits)), ids);
      EvaluationResult b = EVALUATOR.evaluate(qrels, MetricsFixtures.run(Map.of("q", shuffled)), ids);
      for (Metric metric : EVALUATOR.metrics()) {
        assertEquals(a.mean(metric), b.mean(metric), 0.0, metric + " in trial " + trial);
        double value = a.mean(metric);
        assertTrue(value >= 0 && value <= 1 + 1e-12, metric + " = " + value + " in trial " + trial);
      }
    }
  }

  @Test
  void idealRunScoresOne() {
    Random random = new Random(7);
    for (int trial = 0; trial < 100; trial++) {
      Qrels qrels = randomQrels(random);
      // score = grade, so the run is sorted by grade: an ideal ranking
      Run.Builder builder = Run.builder();
      qrels.judgments("q").forEach((doc, grade) -> builder.add("q", doc, grade));
      EvaluationResult result = EVALUATOR.evaluate(qrels, builder.build(), qrels.queryIds());
      assertEquals(1.0, result.mean("ndcg@10"), 1e-12, "trial " + trial);
      assertEquals(1.0, result.mean("ndcg"), 1e-12, "trial " + trial);
      assertEquals(1.0, result.mean("map"), 1e-12, "trial " + trial);
      assertEquals(1.0, result.mean("recall@100"), 1e-12, "trial " + trial);
      assertEquals(1.0, result.mean("mrr@10"), 1e-12, "trial " + trial);
    }
  }

  /** Query "q" with 1-12 relevant docs (grades 1-2) and a few judged non-relevant ones. */
  private static Qrels randomQrels(Random random) {
    Qrels.Builder builder = Qrels.builder();
    int relevant = 1 + random.nextInt(12);
    for (int i = 0; i < relevant; i++) {
      builder.add("q", "d" + random.nextInt(40), 1 + random.nextInt(2));
    }
    for (int i = 0; i < random.nextInt(5); i++) {
      builder.add("q", "n" + i, 0);
    }
    return builder.build();
  }

  /** Up to 30 hits over a small id space, with repeated ids and tied scores. */
  private static List<ScoredDoc> randomHits(Random random) {
    List<ScoredDoc> hits = new ArrayList<>();
    int count = random.nextInt(31);
    for (int i = 0; i < count; i++) {
      String id = random.nextInt(4) == 0 ? "n" + random.nextInt(5) : "d" + random.nextInt(40);
      hits.add(new ScoredDoc(id, random.nextInt(10)));
    }
    return hits;
  }
}
