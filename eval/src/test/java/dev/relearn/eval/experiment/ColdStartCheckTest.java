package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.eval.metrics.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code cold_start_equals_hybrid} compares at equal depth: a learned run of the curve's depth
 * that ranks as the deeper hybrid baseline does is equal to it (it used to be unequal for the
 * length alone), and one that really ranks otherwise is not.
 */
class ColdStartCheckTest {
  private static final int CURVE = Scorer.CURVE_DEPTH;
  private static final int FULL = Scorer.DEPTH;

  /** Documents d000, d001, ... as a run searched to {@code depth}, scored on {@code scale}. */
  private static Run run(List<String> ranked, int depth, double scale) {
    Run.Builder run = Run.builder();
    for (String query : List.of("q1", "q2")) {
      run.addQuery(query);
      for (int i = 0; i < Math.min(depth, ranked.size()); i++) {
        run.add(query, ranked.get(i), scale * (ranked.size() - i));
      }
    }
    return run.build().withoutSelfHits();
  }

  private static List<String> docs(int count) {
    List<String> docs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      docs.add(String.format("d%03d", i));
    }
    return docs;
  }

  @Test
  void aCurveDepthRunRankingAsTheDeeperBaselineIsEqual() {
    Run hybrid = run(docs(150), FULL, 1.0);
    Run learned = run(docs(150), CURVE, 0.01); // other scores, the same order
    assertTrue(same(learned, CURVE, hybrid, FULL));
    assertTrue(same(hybrid, FULL, learned, CURVE), "either way round");
    assertTrue(same(run(docs(150), FULL, 0.01), FULL, hybrid, FULL));
  }

  @Test
  void aDifferenceWithinTheShallowerDepthIsADifference() {
    Run hybrid = run(docs(150), FULL, 1.0);
    List<String> swapped = docs(150);
    swapped.set(3, "d004");
    swapped.set(4, "d003");
    assertFalse(same(run(swapped, CURVE, 1.0), CURVE, hybrid, FULL));
    List<String> other = docs(150);
    other.set(CURVE - 1, "x999");
    assertFalse(same(run(other, CURVE, 1.0), CURVE, hybrid, FULL));
    assertFalse(same(run(docs(5), CURVE, 1.0), CURVE, hybrid, FULL),
        "fewer documents found");
    List<String> deeper = docs(150);
    deeper.set(FULL - 1, "x999");
    assertFalse(same(run(deeper, FULL, 1.0), FULL, hybrid, FULL),
        "at equal depth every document counts");
    assertTrue(same(run(deeper, FULL, 1.0), CURVE, hybrid, FULL),
        "below the shallower depth nothing is compared");
    Run oneQuery = Run.of(Map.of("q1", hybrid.ranking("q1")));
    assertFalse(same(oneQuery, FULL, hybrid, FULL), "other queries");
    assertEquals(1, ColdStartCheck.queriesRankedOtherwise(oneQuery, FULL, hybrid, FULL));
    assertEquals(1, ColdStartCheck.queriesRankedOtherwise(hybrid, FULL, oneQuery, FULL));
    Run secondSwapped = Run.of(Map.of("q1", hybrid.ranking("q1"),
        "q2", run(swapped, FULL, 1.0).ranking("q2")));
    assertEquals(1, ColdStartCheck.queriesRankedOtherwise(secondSwapped, CURVE, hybrid, FULL),
        "counted per query");
    assertEquals(2, ColdStartCheck.queriesRankedOtherwise(run(swapped, CURVE, 1.0), CURVE,
        hybrid, FULL));
  }

  @Test
  void aQuerysOwnDocumentDroppedWithinTheShallowerDepthMovesTheDeeperRunUp() {
    List<String> ranked = docs(150);
    ranked.set(2, "q1"); // q1 finds itself; BEIR drops that hit, the rest move up
    Run hybrid = run(ranked, FULL, 1.0);
    Run learned = run(ranked, CURVE, 0.01);
    assertTrue(same(learned, CURVE, hybrid, FULL));
    List<String> moved = new ArrayList<>(ranked);
    moved.set(2, "d002");
    assertFalse(same(run(moved, FULL, 1.0), FULL, hybrid, FULL),
        "at equal depth the lost document is a difference");
  }

  @Test
  void aDepthBelowOneIsRefused() {
    Run run = run(docs(3), CURVE, 1.0);
    assertThrows(IllegalArgumentException.class,
        () -> same(run, 0, run, FULL));
  }

  private static boolean same(Run a, int depthA, Run b, int depthB) {
    return ColdStartCheck.queriesRankedOtherwise(a, depthA, b, depthB) == 0;
  }
}
