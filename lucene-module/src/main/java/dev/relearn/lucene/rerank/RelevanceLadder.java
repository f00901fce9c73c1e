package dev.relearn.lucene.rerank;

import java.util.Arrays;

/**
 * The window's relevance values from best to worst: how far the learned terms may move a
 * candidate once the trust is fit. One session backing a chunk's vote lifts it at most to the
 * relevance of the candidate {@link LinearModel#sessionRanks} places above it in the first stage
 * (or drops it to the one as far below), so a session's reach is counted in ranks, not in score:
 * wide where the first stage is sure of its order, narrow where its scores crowd together
 * (docs/RANKING.md). Immutable.
 */
public final class RelevanceLadder {
  /** No window: no room either way. */
  public static final RelevanceLadder EMPTY = new RelevanceLadder(new double[0]);

  private final double[] descending;

  private RelevanceLadder(double[] descending) {
    this.descending = descending;
  }

  /** The ladder of {@code relevance}, the window's values in [0, 1] in any order (copied). */
  public static RelevanceLadder of(double... relevance) {
    double[] sorted = relevance.clone();
    for (double value : sorted) {
      if (!(value >= 0 && value <= 1)) {
        throw new IllegalArgumentException("relevance must be in [0, 1], got: " + value);
      }
    }
    Arrays.sort(sorted);
    for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
      double swap = sorted[i];
      sorted[i] = sorted[j];
      sorted[j] = swap;
    }
    return new RelevanceLadder(sorted);
  }

  /**
   * How much more relevant the candidate {@code steps} places above {@code relevance}'s first
   * place on the ladder is (the top, when fewer are above): >= 0; 0 when it is not on it.
   */
  public double roomAbove(double relevance, int steps) {
    int first = first(relevance);
    return first < 0 ? 0 : descending[Math.max(0, first - steps)] - relevance;
  }

  /**
   * How much less relevant the candidate {@code steps} places below {@code relevance}'s last
   * place on the ladder is (the bottom, when fewer are below): >= 0; 0 when it is not on it.
   */
  public double roomBelow(double relevance, int steps) {
    int first = first(relevance);
    if (first < 0) {
      return 0;
    }
    int last = first;
    while (last + 1 < descending.length && descending[last + 1] == relevance) {
      last++;
    }
    return relevance - descending[(int) Math.min(descending.length - 1L, (long) last + steps)];
  }

  /** The first index holding {@code relevance}, or −1. */
  private int first(double relevance) {
    for (int i = 0; i < descending.length; i++) {
      if (descending[i] == relevance) {
        return i;
      }
      if (descending[i] < relevance) {
        return -1;
      }
    }
    return -1;
  }

  /** How many candidates the ladder holds. */
  public int size() {
    return descending.length;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RelevanceLadder ladder && Arrays.equals(descending, ladder.descending);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(descending);
  }

  @Override
  public String toString() {
    return "RelevanceLadder" + Arrays.toString(descending);
  }
}
