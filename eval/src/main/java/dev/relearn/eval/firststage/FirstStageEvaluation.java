package dev.relearn.eval.firststage;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.metrics.Run;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a BEIR split through relearn's first stage and scores it: BEIR's protocol (top 100, a hit
 * whose id equals the query id dropped) with trec_eval's metric semantics.
 */
public final class FirstStageEvaluation {
  /** Hits retrieved per query, as in BEIR. */
  public static final int DEPTH = 100;

  private final Relearn engine;
  private final BeirDataset dataset;

  /** Evaluates {@code dataset} on {@code engine}'s index. */
  public FirstStageEvaluation(Relearn engine, BeirDataset dataset) {
    this.engine = engine;
    this.dataset = dataset;
  }

  /**
   * Indexes the corpus (incrementally: an indexed corpus costs a quick check); throws if the index
   * holds another source too, such as another dataset of the same folder name, whose documents
   * would be ranked and count as misses.
   */
  public IndexReport indexCorpus(Progress progress) throws IOException {
    requireOnlyCorpus(dataset, "the index " + engine.directory(),
        engine.stats().chunksByOrigin().keySet(), "--index NEW_DIR");
    return engine.index(dataset.corpusFile(), SourceFormat.BEIR, progress);
  }

  /** {@link #indexCorpus} through a cluster's chunk index ({@code _bulk}). */
  public static IndexReport indexCorpus(RelearnCluster cluster, BeirDataset dataset,
      Progress progress) throws IOException {
    if (cluster.exists()) {
      requireOnlyCorpus(dataset, "the chunk index " + cluster.address(),
          cluster.stats().chunksByOrigin().keySet(), "--cluster URL/NEW_INDEX");
    }
    return cluster.index(dataset.corpusFile(), SourceFormat.BEIR, progress);
  }

  private static void requireOnlyCorpus(BeirDataset dataset, String where,
      Collection<String> origins, String remedy) throws IOException {
    String corpus = Sources.open(dataset.corpusFile(), SourceFormat.BEIR).origin();
    List<String> others = origins.stream().filter(origin -> !origin.equals(corpus)).toList();
    if (!others.isEmpty()) {
      throw new IllegalArgumentException(where + " holds another source besides " + corpus + ": "
          + others.getFirst() + (others.size() > 1 ? " and " + (others.size() - 1) + " more"
              : "") + "; its documents would be ranked too: evaluate in an index of its own ("
          + remedy + ")");
    }
  }

  /**
   * The top-{@value #DEPTH} run for the given queries, with {@code candidates} from each
   * retriever (at least {@value #DEPTH}, the hits asked for: fewer count as {@value #DEPTH}).
   */
  public Run run(Map<String, String> texts, Set<String> queryIds, SearchMode mode, Fusion fusion,
      int candidates, Progress progress) throws IOException {
    progress.start("searching " + dataset.name() + " (" + mode.label() + ")", queryIds.size());
    try {
      return search(engine, texts, queryIds, mode, fusion, DEPTH, candidates, progress);
    } finally {
      progress.finish();
    }
  }

  /**
   * The top {@code k} hits of {@code engine} for each query of {@code ids} (its text from {@code
   * texts}), from {@code candidates} per retriever, as a run in the order of {@code ids}, by
   * BEIR's protocol: a hit whose id is its query's is dropped ({@link Run#withoutSelfHits}), and
   * one more hit is searched to take its place when that keeps to {@code candidates} (so the
   * retrievers' pools stay those asked for: at {@code k == candidates} such a query keeps
   * {@code k - 1}); {@code progress} advances once per query.
   */
  public static Run search(RelearnOperations engine, Map<String, String> texts, Collection<String> ids,
      SearchMode mode, Fusion fusion, int k, int candidates, Progress progress)
      throws IOException {
    Run.Builder run = Run.builder();
    int done = 0;
    for (String id : ids) {
      run.addQuery(id);
      SearchRequest request = SearchRequest.of(texts.get(id)).withMode(mode)
          .withK(k < candidates ? k + 1 : k).withCandidates(candidates).withFusion(fusion);
      for (RankedChunk hit : engine.rank(request)) {
        run.add(id, hit.chunkId(), hit.score());
      }
      progress.advance(++done);
    }
    return run.build().withoutSelfHits(k);
  }
}
