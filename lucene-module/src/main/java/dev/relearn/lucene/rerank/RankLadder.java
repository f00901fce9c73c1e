package dev.relearn.lucene.rerank;

import java.util.Arrays;

/**
 * The relevance of every candidate of a window, best first: how far a learned term may move a
 * candidate, counted in candidates passed. The per-session cap of {@link LinearModel} bounds one
 * session's lift to the room that passes {@code places} candidates above, and its drop to the
 * room that falls below {@code places} candidates: a bound in ranks, where a bound in score would
 * still let one session carry a chunk across the flat tail of a window.
 *
 * @param descending the candidates' relevance values, each finite, sorted best first; copied
 */
public record RankLadder(double[] descending) {
  /** No window: every room is unbounded. */
  public static final RankLadder NONE = new RankLadder(new double[0]);

  /** Validates the order; copies the values. */
  public RankLadder {
    descending = descending.clone();
    for (int i = 0; i < descending.length; i++) {
      if (!Double.isFinite(descending[i]) || (i > 0 && descending[i] > descending[i - 1])) {
        throw new IllegalArgumentException("ladder values must be finite and sorted best first,"
            + " got " + descending[i] + " at " + i);
      }
    }
  }

  /** The ladder of {@code relevances}, in any order. */
  public static RankLadder of(double[] relevances) {
    double[] sorted = relevances.clone();
    Arrays.sort(sorted);
    for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
      double swap = sorted[i];
      sorted[i] = sorted[j];
      sorted[j] = swap;
    }
    return new RankLadder(sorted);
  }

  /** A copy of the values, best first. */
  @Override
  public double[] descending() {
    return descending.clone();
  }

  /**
   * The relevance a candidate of {@code relevance} may gain and still stay below the candidate
   * {@code places + 1} places above it (a tie keeps first-stage order): it passes at most {@code
   * places}; infinite when no such candidate stands above.
   */
  public double liftRoom(double relevance, int places) {
    int above = count(relevance, true);
    long target = (long) above - places - 1;
    return target < 0 ? Double.POSITIVE_INFINITY : descending[(int) target] - relevance;
  }

  /**
   * The relevance a candidate of {@code relevance} may lose and still stay above the candidate
   * {@code places + 1} places below it: it falls below at most {@code places}; infinite when no
   * such candidate stands below.
   */
  public double dropRoom(double relevance, int places) {
    long target = (long) count(relevance, false) + places;
    return target >= descending.length ? Double.POSITIVE_INFINITY
        : relevance - descending[(int) target];
  }

  /** How many values are above {@code relevance} ({@code strictly}) or at least it. */
  private int count(double relevance, boolean strictly) {
    int low = 0;
    int high = descending.length;
    while (low < high) {
      int mid = (low + high) >>> 1;
      boolean before = strictly ? descending[mid] > relevance : descending[mid] >= relevance;
      if (before) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RankLadder ladder && Arrays.equals(descending, ladder.descending);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(descending);
  }

  @Override
  public String toString() {
    return "RankLadder[" + descending.length + " candidates]";
  }
}
