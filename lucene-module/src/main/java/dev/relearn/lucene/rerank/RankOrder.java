package dev.relearn.lucene.rerank;

import java.util.Arrays;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;

/**
 * A window's positions by score descending, then position ascending, made only as far as asked.
 * The positions come in two parts: one whose scores are given, which is sorted at once, and one
 * whose scores are known to fall in position order, whose scores are computed only when the
 * order reaches them; the two are merged. A re-rank without a stage balance leaves the
 * candidates no similar past query vouches for in first-stage order, so only the vouched ones
 * need sorting, and only the unvouched ones that reach the top need a score. Not thread-safe.
 */
final class RankOrder {
  /** Sorted parts up to this size are sorted by insertion: see {@link #sort}. */
  private static final int INSERTION_SORT_MAX = 256;

  private final double[] scores; // by position; NaN until computed
  private final IntToDoubleFunction scorer;
  private final int[] sorted; // best first
  private final int[] inOrder; // ascending positions with non-increasing scores
  private final int[] order; // the first size positions of the order
  private int size;
  private int nextSorted;
  private int nextInOrder;

  /**
   * @param scores by position: given for {@code given}, NaN for {@code inOrder}; filled in as
   *     the order reaches them
   * @param given the positions whose scores are given, ascending
   * @param inOrder the other positions, ascending, whose scores are non-increasing in this order
   * @param scorer computes the score of a position of {@code inOrder}
   */
  RankOrder(double[] scores, int[] given, int[] inOrder, IntToDoubleFunction scorer) {
    this.scores = scores;
    this.scorer = scorer;
    this.sorted = sort(given, scores);
    this.inOrder = inOrder;
    this.order = new int[given.length + inOrder.length];
  }

  /** A window whose every score is given. */
  static RankOrder of(double[] scores) {
    int[] all = new int[scores.length];
    Arrays.setAll(all, i -> i);
    return new RankOrder(scores, all, new int[0], position -> scores[position]);
  }

  /** The first {@code count} positions of the order (all when fewer). */
  int[] first(int count) {
    int wanted = Math.min(count, order.length);
    while (size < wanted) {
      order[size++] = next();
    }
    return Arrays.copyOf(order, wanted);
  }

  /** The score of {@code position}, computed now if the order has not reached it yet. */
  double score(int position) {
    if (Double.isNaN(scores[position])) {
      scores[position] = scorer.applyAsDouble(position);
    }
    return scores[position];
  }

  /** The better of the two parts' next positions: higher score, then lower position. */
  private int next() {
    if (nextInOrder == inOrder.length) {
      return sorted[nextSorted++];
    }
    if (nextSorted == sorted.length) {
      return inOrder[nextInOrder++];
    }
    int a = sorted[nextSorted];
    int b = inOrder[nextInOrder];
    double scoreA = scores[a];
    double scoreB = score(b);
    if (scoreA > scoreB || (scoreA == scoreB && a < b)) {
      nextSorted++;
      return a;
    }
    nextInOrder++;
    return b;
  }

  /**
   * {@code positions} (ascending) by score descending, then position ascending. A re-rank mostly
   * keeps the first stage's order (relevance carries most of the score), so an insertion sort
   * does about one comparison per hit there; large parts fall back to a merge sort. Both are
   * stable.
   */
  private static int[] sort(int[] positions, double[] scores) {
    int n = positions.length;
    if (n > INSERTION_SORT_MAX) {
      return IntStream.of(positions).boxed()
          .sorted((a, b) -> Double.compare(scores[b] + 0.0, scores[a] + 0.0))
          .mapToInt(Integer::intValue).toArray();
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      int position = positions[i];
      int j = i - 1;
      while (j >= 0 && scores[order[j]] < scores[position]) { // strictly lower: it goes above
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = position;
    }
    return order;
  }
}
