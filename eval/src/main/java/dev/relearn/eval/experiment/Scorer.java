package dev.relearn.eval.experiment;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Metric;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.engine.search.SearchMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Runs a query set through the engine in one mode (BEIR's protocol: top 100 of 100 candidates
 * per retriever, self-hits dropped) and scores it with trec_eval's semantics.
 */
public final class Scorer {
  /** The metrics every experiment reports. */
  public static final Evaluator EVALUATOR = Evaluator.of("ndcg@10", "recall@100");
  /** Hits kept per query, as in BEIR. */
  public static final int DEPTH = 100;
  /** Hits enough for nDCG@10: the curve's intermediate points search only these. */
  public static final int CURVE_DEPTH = 10;
  private static final Metric NDCG = Metric.parse("ndcg@10");
  private static final Metric RECALL = Metric.parse("recall@100");

  /** A run of one system over a query set (top 100, self-hits removed) and its scores. */
  public record ModeRun(Run run, QueryScores scores) {
    public ModeRun {
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(scores, "scores");
    }
  }

  private final RelearnOperations engine;
  private final Fusion fusion;

  /**
   * Scores searches of {@code engine} (in this process or on a cluster), fusing hybrid candidates
   * with {@code fusion}.
   */
  public Scorer(RelearnOperations engine, Fusion fusion) {
    this.engine = engine;
    this.fusion = fusion;
  }

  /** Every query of {@code split} in {@code mode}, top {@value #DEPTH}. */
  public ModeRun score(Split split, SearchMode mode) throws IOException {
    return score(split, split.ids(), mode, DEPTH);
  }

  /**
   * The queries {@code ids} of {@code split} in {@code mode}, keeping the top {@code depth} hits
   * (at least 1; the candidates per retriever stay {@value #DEPTH}, so the top 10 is the same at
   * any depth). Recall@100 needs {@code depth} 100.
   */
  public ModeRun score(Split split, List<String> ids, SearchMode mode, int depth)
      throws IOException {
    Run built = FirstStageEvaluation.search(engine, split.texts(), ids, mode, fusion, depth, DEPTH,
        Progress.NONE);
    return new ModeRun(built, scores(split, built, new LinkedHashSet<>(ids)));
  }

  /** Scores a given run on the queries {@code ids} of {@code split}. */
  public static QueryScores scores(Split split, Run run, Set<String> ids) {
    EvaluationResult result = EVALUATOR.evaluate(split.qrels(), run, ids);
    return new QueryScores(result.perQuery(NDCG), result.perQuery(RECALL));
  }

  /**
   * The oracle bound of a re-ranker: {@code run}'s candidates of every query in the qrels-perfect
   * order (highest grade first, ties in the first stage's order). No re-ranking of them scores
   * higher nDCG; Recall@100 is the first stage's.
   */
  public static Run oracle(Run run, Qrels qrels) {
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

  /**
   * How many of {@code split}'s queries the learned mode ranks otherwise than hybrid (0 before any
   * feedback: {@code cold_start_equals_hybrid}). On {@link Relearn}, each query's learned window
   * ({@link Relearn#learnedWindow}) holds every hybrid candidate with its hybrid position, so both
   * orders come from one first stage: two separate searches need not share one, as the JIT's
   * vectorised dot product may round a near tie apart (docs/RANKING.md). A cluster shows no
   * window: its learned and hybrid searches are compared.
   */
  public int queriesRankedOtherwise(Split split) throws IOException {
    int otherwise = 0;
    for (String id : split.ids()) {
      SearchRequest request = SearchRequest.of(split.text(id)).withMode(SearchMode.LEARNED)
          .withK(DEPTH).withCandidates(DEPTH).withFusion(fusion);
      boolean same = engine instanceof Relearn relearn
          ? keepsHybridOrder(relearn.learnedWindow(request))
          : ids(request).equals(ids(request.withMode(SearchMode.HYBRID)));
      otherwise += same ? 0 : 1;
    }
    return otherwise;
  }

  private List<String> ids(SearchRequest request) throws IOException {
    return engine.rank(request).stream().map(RankedChunk::chunkId).toList();
  }

  /** Whether every hit of {@code window} (in learned order) is at its hybrid position. */
  static boolean keepsHybridOrder(List<RescoredHit> window) {
    for (int i = 0; i < window.size(); i++) {
      if (window.get(i).firstStagePosition() != i) {
        return false;
      }
    }
    return true;
  }
}
