package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** Checkpoints, session order and the oracle. */
class CheckpointsTest {
  @Test
  void fixedPointsIntervalAndEnd() {
    assertEquals(List.of(0, 10, 100, 1000, 2500), SessionLoop.checkpoints(2500, 0));
    assertEquals(List.of(0, 10, 100, 1000, 1500, 3000, 4500, 4600),
        SessionLoop.checkpoints(4600, 1500));
    assertEquals(List.of(0, 5), SessionLoop.checkpoints(5, 0));
    assertEquals(List.of(0), SessionLoop.checkpoints(0, 0));
    assertEquals(List.of(0, 3, 6, 9, 10), SessionLoop.checkpoints(10, 3));
    assertThrows(IllegalArgumentException.class, () -> SessionLoop.checkpoints(-1, 0));
  }

  @Test
  void curveStepsAreRound() {
    assertEquals(100, DatasetEvaluation.niceStep(809 / 8.0));
    assertEquals(2000, DatasetEvaluation.niceStep(15_893 / 8.0));
    assertEquals(500, DatasetEvaluation.niceStep(2590 / 8.0));
    assertEquals(1, DatasetEvaluation.niceStep(0.5));
    assertEquals(2, DatasetEvaluation.niceStep(2.2));
  }

  @Test
  void sessionOrderVisitsEveryQueryOncePerPass() {
    IntFunction<String> order = SessionLoop.order(List.of("a", "b", "c", "d"), 3, "s");
    List<String> first = List.of(order.apply(0), order.apply(1), order.apply(2), order.apply(3));
    List<String> second = List.of(order.apply(4), order.apply(5), order.apply(6), order.apply(7));
    assertEquals(List.of("a", "b", "c", "d"), first.stream().sorted().toList());
    assertEquals(List.of("a", "b", "c", "d"), second.stream().sorted().toList());
    assertEquals(first, List.of(SessionLoop.order(List.of("a", "b", "c", "d"), 3, "s").apply(0),
        order.apply(1), order.apply(2), order.apply(3)));
  }

  @Test
  void oracleSortsTheSameCandidatesByGrade() {
    Run run = Run.builder().add("q", "a", 0.9).add("q", "b", 0.8).add("q", "c", 0.7)
        .add("q", "d", 0.6).addQuery("empty").build();
    Qrels qrels = Qrels.builder().add("q", "c", 1).add("q", "d", 2).add("q", "x", 2).build();
    Run oracle = Scorer.oracle(run, qrels);
    assertEquals(List.of("d", "c", "a", "b"),
        oracle.ranking("q").stream().map(ScoredDoc::docId).toList());
    assertEquals(List.of(), oracle.ranking("empty"));
  }
}
