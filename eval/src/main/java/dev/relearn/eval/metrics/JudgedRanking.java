package dev.relearn.eval.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One query's ranking seen through its judgments: the grade at each rank (0 for unjudged docs),
 * how many documents are relevant in all, and the gains of an ideal ranking. Every {@link Measure}
 * is computed from this alone.
 */
public final class JudgedRanking {
  private final int[] grades;
  private final int[] idealGains;
  private final int relevantCount;

  private JudgedRanking(int[] grades, int[] idealGains) {
    this.grades = grades;
    this.idealGains = idealGains;
    this.relevantCount = idealGains.length;
  }

  /**
   * Looks up the grade of each ranked document.
   *
   * @param ranking the documents in rank order, as {@link Run#ranking(String)} returns them
   * @param judgments the query's judged doc ids and grades
   */
  public static JudgedRanking of(List<ScoredDoc> ranking, Map<String, Integer> judgments) {
    Objects.requireNonNull(ranking, "ranking");
    Objects.requireNonNull(judgments, "judgments");
    int[] grades = new int[ranking.size()];
    for (int i = 0; i < grades.length; i++) {
      grades[i] = judgments.getOrDefault(ranking.get(i).docId(), 0);
    }
    int[] ideal = judgments.values().stream()
        .mapToInt(Integer::intValue)
        .filter(Qrels::isRelevant)
        .sorted()
        .toArray();
    reverse(ideal);
    return new JudgedRanking(grades, ideal);
  }

  /** The number of ranked documents. */
  public int retrievedCount() {
    return grades.length;
  }

  /** The grade at {@code rank}, 1-based; 0 for an unjudged document. */
  public int gradeAt(int rank) {
    if (rank < 1 || rank > grades.length) {
      throw new IndexOutOfBoundsException(
          "rank must be in [1, " + grades.length + "], got: " + rank);
    }
    return grades[rank - 1];
  }

  /** Whether the document at {@code rank}, 1-based, is relevant. */
  public boolean relevantAt(int rank) {
    return Qrels.isRelevant(gradeAt(rank));
  }

  /** The number of relevant judged documents of the query, retrieved or not. */
  public int relevantCount() {
    return relevantCount;
  }

  /** The gains of the ideal ranking, highest first: the grades of all relevant judged docs. */
  public int[] idealGains() {
    return idealGains.clone();
  }

  /** The number of ranks to look at under cutoff {@code k}. */
  int depth(int k) {
    return Math.min(k, grades.length);
  }

  /** Relevant documents among the first {@code k} ranks. */
  int relevantInTop(int k) {
    int count = 0;
    for (int rank = 1; rank <= depth(k); rank++) {
      if (relevantAt(rank)) {
        count++;
      }
    }
    return count;
  }

  /** DCG over the first {@code k} ranks: linear gain (a relevant doc's grade) / log2(rank+1). */
  double dcg(int k) {
    double dcg = 0;
    for (int rank = 1; rank <= depth(k); rank++) {
      if (relevantAt(rank)) {
        dcg += gradeAt(rank) / log2(rank + 1);
      }
    }
    return dcg;
  }

  /** DCG of the ideal ranking over the first {@code k} ranks. */
  double idealDcg(int k) {
    double dcg = 0;
    int depth = Math.min(k, idealGains.length);
    for (int i = 0; i < depth; i++) {
      dcg += idealGains[i] / log2(i + 2);
    }
    return dcg;
  }

  @Override
  public String toString() {
    return "JudgedRanking[grades=" + Arrays.toString(grades) + ", relevant=" + relevantCount + "]";
  }

  private static double log2(int x) {
    return Math.log(x) / Math.log(2);
  }

  private static void reverse(int[] values) {
    for (int i = 0, j = values.length - 1; i < j; i++, j--) {
      int t = values[i];
      values[i] = values[j];
      values[j] = t;
    }
  }
}
