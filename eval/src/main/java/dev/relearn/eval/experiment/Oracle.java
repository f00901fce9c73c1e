package dev.relearn.eval.experiment;

import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The oracle bound of a re-ranker: the same candidates in the qrels-perfect order (highest grade
 * first; equal grades keep the first stage's order). No re-ranking of these candidates can score
 * higher nDCG; Recall@100 equals the first stage's.
 */
public final class Oracle {
  private Oracle() {}

  /** {@code run}'s candidates of every query, reordered by their grades in {@code qrels}. */
  public static Run rerank(Run run, Qrels qrels) {
    Run.Builder oracle = Run.builder();
    for (String query : run.queryIds()) {
      List<ScoredDoc> ranking = new ArrayList<>(run.ranking(query));
      ranking.sort(Comparator.comparingInt((ScoredDoc d) -> -qrels.grade(query, d.docId())));
      oracle.addQuery(query);
      for (int i = 0; i < ranking.size(); i++) {
        // distinct integer scores: the order survives trec_eval's single-precision ties
        oracle.add(query, ranking.get(i).docId(), ranking.size() - i);
      }
    }
    return oracle.build();
  }
}
