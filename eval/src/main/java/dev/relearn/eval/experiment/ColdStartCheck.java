package dev.relearn.eval.experiment;

import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import java.util.List;

/**
 * Whether two runs rank alike, such as the learned mode before any feedback and the hybrid
 * baseline ({@code cold_start_equals_hybrid}). Runs searched to different depths (the curve's
 * {@value Scorer#CURVE_DEPTH} hits and the baseline's {@value Scorer#DEPTH}) are compared at the
 * shallower depth: the deeper run's extra hits are no difference, a different document or order
 * within that depth is, and so is one run finding fewer documents there.
 *
 * <p>Scores are not compared (the learned mode scores on another scale). A run drops a query's
 * own document after it was searched ({@link Run#withoutSelfHits()}), so a shallower run that lost
 * it holds one document fewer than the deeper run at its depth: then the deeper run's document at
 * that depth is the one that moved up from below it, and is not compared.
 */
final class ColdStartCheck {
  private ColdStartCheck() {}

  /**
   * How many queries {@code a} (searched to {@code depthA} hits) and {@code b} (to {@code
   * depthB}) rank otherwise within the shallower depth, a query that only one of them holds
   * included: 0 when they hold the same queries with the same documents in the same order.
   *
   * @throws IllegalArgumentException when a depth is below 1
   */
  static int queriesRankedOtherwise(Run a, int depthA, Run b, int depthB) {
    if (depthA < 1 || depthB < 1) {
      throw new IllegalArgumentException("depths must be at least 1, got: " + depthA + " and "
          + depthB);
    }
    int depth = Math.min(depthA, depthB);
    Run shallow = depthA <= depthB ? a : b;
    Run deep = shallow == a ? b : a;
    int otherwise = 0;
    for (String query : b.queryIds()) {
      if (!a.contains(query)) {
        otherwise++;
      }
    }
    for (String query : a.queryIds()) {
      if (!b.contains(query) || !sameRanking(top(shallow.ranking(query), depth),
          top(deep.ranking(query), depth), depth, depthA != depthB)) {
        otherwise++;
      }
    }
    return otherwise;
  }

  /**
   * Whether {@code x} (of the shallower run) and {@code y} rank alike; with {@code deeper}, {@code
   * x} may lack the last document, when it dropped the query's own document.
   */
  private static boolean sameRanking(List<ScoredDoc> x, List<ScoredDoc> y, int depth,
      boolean deeper) {
    boolean movedUp = deeper && x.size() == depth - 1 && y.size() == depth;
    if (x.size() != y.size() && !movedUp) {
      return false;
    }
    for (int i = 0; i < x.size(); i++) {
      if (!x.get(i).docId().equals(y.get(i).docId())) {
        return false;
      }
    }
    return true;
  }

  private static List<ScoredDoc> top(List<ScoredDoc> ranking, int depth) {
    return ranking.size() <= depth ? ranking : ranking.subList(0, depth);
  }
}
