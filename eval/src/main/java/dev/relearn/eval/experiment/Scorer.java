package dev.relearn.eval.experiment;

import dev.relearn.engine.RelearnOperations;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Metric;
import dev.relearn.eval.metrics.Run;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.SearchMode;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
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

  /** The fusion used for hybrid and learned searches. */
  public Fusion fusion() {
    return fusion;
  }

  /** Every query of {@code split} in {@code mode}, top {@value #DEPTH}. */
  public ModeRun score(Split split, SearchMode mode) throws IOException {
    return score(split, split.ids(), mode, fusion, DEPTH);
  }

  /**
   * The queries {@code ids} of {@code split} in {@code mode} with {@code fusion}, keeping the top
   * {@code depth} hits (at least 1; the candidates per retriever stay {@value #DEPTH}, so the top
   * 10 is the same at any depth). Recall@100 needs {@code depth} 100.
   */
  public ModeRun score(Split split, List<String> ids, SearchMode mode, Fusion fusion, int depth)
      throws IOException {
    Run built = FirstStageEvaluation.search(engine, split.texts(), ids, mode, fusion, depth, DEPTH,
        Progress.NONE).withoutSelfHits();
    return new ModeRun(built, scores(split, built, new LinkedHashSet<>(ids)));
  }

  /** Scores a given run on the queries {@code ids} of {@code split}. */
  public static QueryScores scores(Split split, Run run, Set<String> ids) {
    EvaluationResult result = EVALUATOR.evaluate(split.qrels(), run, ids);
    return new QueryScores(result.perQuery(NDCG), result.perQuery(RECALL));
  }
}
