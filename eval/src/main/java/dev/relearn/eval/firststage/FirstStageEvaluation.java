package dev.relearn.eval.firststage;

import dev.relearn.engine.Relearn;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;

/**
 * Runs a BEIR split through relearn's first stage and scores it: BEIR's protocol (top 100, a hit
 * whose id equals the query id dropped) with trec_eval's metric semantics.
 */
public final class FirstStageEvaluation {
  /** Hits retrieved per query, as in BEIR. */
  public static final int DEPTH = 100;
  private static final Evaluator EVALUATOR = Evaluator.of("ndcg@10", "recall@100", "mrr@10");

  private final Relearn engine;
  private final BeirDataset dataset;

  /** Evaluates {@code dataset} on {@code engine}'s index. */
  public FirstStageEvaluation(Relearn engine, BeirDataset dataset) {
    this.engine = engine;
    this.dataset = dataset;
  }

  /**
   * Indexes the corpus (incrementally: a corpus already indexed costs a quick check and no
   * embedding).
   *
   * @throws IllegalArgumentException if the index holds another source too, such as the corpus
   *     of another dataset of the same folder name (the command line's default index is
   *     {@code .relearn/eval/<name>}): its documents would be ranked and count as misses
   */
  public IndexReport indexCorpus(Progress progress) throws IOException {
    String corpus = Sources.open(dataset.corpusFile(), SourceFormat.BEIR).origin();
    List<String> others = engine.stats().chunksByOrigin().keySet().stream()
        .filter(origin -> !origin.equals(corpus)).toList();
    if (!others.isEmpty()) {
      throw new IllegalArgumentException("the index " + engine.directory() + " holds another"
          + " source besides " + corpus + ": " + others.getFirst() + (others.size() > 1
              ? " and " + (others.size() - 1) + " more" : "") + "; its documents would be"
          + " ranked too: evaluate in an index of its own (--index NEW_DIR)");
    }
    return engine.index(dataset.corpusFile(), SourceFormat.BEIR, progress);
  }

  /** Searches every query of {@code split} in {@code mode} and computes the metrics. */
  public FirstStageResult evaluate(String split, SearchMode mode, Fusion fusion, Progress progress)
      throws IOException {
    Qrels qrels = dataset.qrels(split);
    Set<String> queryIds = dataset.queryIds(split);
    SequencedMap<String, String> texts = dataset.queries();
    long start = System.nanoTime();
    Run run = run(texts, queryIds, mode, fusion, progress);
    long millis = (System.nanoTime() - start) / 1_000_000L;
    EvaluationResult result = EVALUATOR.evaluate(qrels, run.withoutSelfHits(), queryIds);
    return new FirstStageResult(dataset.name(), split, mode.label(),
        mode == SearchMode.HYBRID ? fusion.describe() : null, result.queryCount(),
        result.mean("ndcg@10"), result.mean("recall@100"), result.mean("mrr@10"), millis);
  }

  /** The top-{@value #DEPTH} run for the given queries, from {@value #DEPTH} candidates. */
  public Run run(Map<String, String> texts, Set<String> queryIds, SearchMode mode, Fusion fusion,
      Progress progress) throws IOException {
    return run(texts, queryIds, mode, fusion, DEPTH, progress);
  }

  /**
   * The top-{@value #DEPTH} run for the given queries, with {@code candidates} from each
   * retriever (at least {@value #DEPTH}, the hits asked for: fewer count as {@value #DEPTH}).
   */
  public Run run(Map<String, String> texts, Set<String> queryIds, SearchMode mode, Fusion fusion,
      int candidates, Progress progress) throws IOException {
    Map<String, List<ScoredDoc>> hits = new LinkedHashMap<>();
    progress.start("searching " + dataset.name() + " (" + mode.label() + ")", queryIds.size());
    try {
      for (String id : queryIds) {
        SearchRequest request = SearchRequest.of(texts.get(id)).withMode(mode).withK(DEPTH)
            .withCandidates(candidates).withFusion(fusion);
        List<ScoredDoc> ranking = new ArrayList<>(DEPTH);
        for (Hit hit : engine.search(request).hits()) {
          ranking.add(new ScoredDoc(hit.chunkId(), hit.score()));
        }
        hits.put(id, ranking);
        progress.advance(hits.size());
      }
    } finally {
      progress.finish();
    }
    return Run.of(hits);
  }
}
