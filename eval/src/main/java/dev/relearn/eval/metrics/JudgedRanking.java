package dev.relearn.eval.metrics;

import java.util.List;
import java.util.Map;

/**
 * One query's ranking seen through its judgments: the grade at each rank (0 for unjudged docs)
 * and the gains of an ideal ranking, highest first (the grades of all relevant judged docs).
 * Every {@link Measure} is computed from this alone.
 */
final class JudgedRanking {
  private final int[] grades;
  private final int[] idealGains;

  /** Looks up the grade of each document of {@code ranking} in the query's {@code judgments}. */
  JudgedRanking(List<ScoredDoc> ranking, Map<String, Integer> judgments) {
    grades = new int[ranking.size()];
    for (int i = 0; i < grades.length; i++) {
      grades[i] = judgments.getOrDefault(ranking.get(i).docId(), 0);
    }
    int[] relevant = judgments.values().stream().mapToInt(Integer::intValue)
        .filter(Qrels::isRelevant).sorted().toArray();
    idealGains = new int[relevant.length];
    for (int i = 0; i < relevant.length; i++) {
      idealGains[i] = relevant[relevant.length - 1 - i];
    }
  }

  /** Whether the document at {@code rank}, 1-based, is relevant. */
  boolean relevantAt(int rank) {
    return Qrels.isRelevant(grades[rank - 1]);
  }

  /** The number of relevant judged documents of the query, retrieved or not. */
  int relevantCount() {
    return idealGains.length;
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
        dcg += grades[rank - 1] / log2(rank + 1);
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

  /** 1 / rank of the first relevant doc in the top {@code k}, else 0. */
  double reciprocalRank(int k) {
    for (int rank = 1; rank <= depth(k); rank++) {
      if (relevantAt(rank)) {
        return 1.0 / rank;
      }
    }
    return 0;
  }

  /** The precision at each relevant rank within {@code k}, summed, over all relevant docs. */
  double averagePrecision(int k) {
    double sum = 0;
    int found = 0;
    for (int rank = 1; rank <= depth(k); rank++) {
      if (relevantAt(rank)) {
        sum += (double) ++found / rank;
      }
    }
    return relevantCount() == 0 ? 0 : sum / relevantCount();
  }

  private static double log2(int x) {
    return Math.log(x) / Math.log(2);
  }
}
