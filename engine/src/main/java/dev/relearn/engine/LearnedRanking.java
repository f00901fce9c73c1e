package dev.relearn.engine;

import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.rerank.RerankWindow;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.rerank.WindowStats;
import dev.relearn.engine.search.ExploredSlot;
import dev.relearn.engine.search.HybridSearcher;
import dev.relearn.engine.search.HybridSearcher.Candidates;
import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;

/**
 * The second stage of {@code learned} searches, on the caller's thread: {@link LearnedRescorer}
 * re-ranks the hybrid candidates with similar past queries and the learned values ({@link
 * LearningSources}), scored by a {@link LinearModel} with the class's weights, into a {@link
 * RerankWindow} that also explains each hit. Without feedback the ranking is the hybrid one.
 */
final class LearnedRanking {
  private final HybridSearcher hybrid;
  private final RerankOptions options;
  private final Explorer explorer;

  /**
   * @param options the similar-query lookup settings; their model is replaced per search
   * @param explorer what may swap a shown slot for a candidate from below the cut
   */
  LearnedRanking(HybridSearcher hybrid, RerankOptions options, Explorer explorer) {
    this.hybrid = hybrid;
    this.options = options;
    this.explorer = explorer;
  }

  /**
   * A learned search, adding each hit's explanation to {@code explanations} if not null; the
   * results say when exploration swapped the last slot.
   */
  SearchResults search(IndexSearcher searcher, SearchRequest request, float[] vector,
      LearningSources sources, LinearModel model, List<Explanation> explanations)
      throws IOException {
    Shown shown = shown(searcher, request, vector, sources, model, explanations);
    SearchResults results = hybrid.load(searcher, request, shown.candidates(), sources.learned());
    int k = request.k();
    if (shown.propensity() > 0 && results.hits().size() >= k) {
      results = results.withExplored(new ExploredSlot(k, results.hits().get(k - 1).chunkId(),
          shown.propensity()));
    }
    return results;
  }

  /** The hits {@link #search} shows, as chunk ids and scores ({@link HybridSearcher#rank}). */
  List<RankedChunk> rank(IndexSearcher searcher, SearchRequest request, float[] vector,
      LearningSources sources, LinearModel model) throws IOException {
    return HybridSearcher.rank(searcher, request,
        shown(searcher, request, vector, sources, model, null).candidates());
  }

  /** The re-ranked top k as first-stage candidates, and the explored slot's propensity. */
  private Shown shown(IndexSearcher searcher, SearchRequest request, float[] vector,
      LearningSources sources, LinearModel model, List<Explanation> explanations)
      throws IOException {
    Candidates candidates = hybrid.candidates(searcher, request, vector);
    List<FusedHit> fused = candidates.fused();
    int k = request.k();
    RerankWindow window = rerank(searcher, fused, vector, sources, model);
    List<RescoredHit> ranked = new ArrayList<>(window.hits());
    double propensity = explorer.explore(ranked, k);
    List<FusedHit> reordered = new ArrayList<>(k); // load reads only the shown hits
    for (RescoredHit hit : ranked.subList(0, Math.min(k, ranked.size()))) {
      FusedHit first = fused.get(hit.firstStagePosition());
      reordered.add(new FusedHit(hit.doc(), hit.score(), first.lexical(), first.semantic()));
      if (explanations != null) {
        explanations.add(window.explain(hit.doc()));
      }
    }
    return new Shown(new Candidates(reordered, candidates.lexicalCount(),
        candidates.semanticCount()), propensity);
  }

  private record Shown(Candidates candidates, double propensity) {}

  /** Every candidate of a learned search, re-ranked, with the features it was scored from. */
  List<RescoredHit> window(IndexSearcher searcher, SearchRequest request, float[] vector,
      LearningSources sources, LinearModel model) throws IOException {
    return rerank(searcher, hybrid.candidates(searcher, request, vector).fused(), vector, sources,
        model).hits();
  }

  private RerankWindow rerank(IndexSearcher searcher, List<FusedHit> fused, float[] vector,
      LearningSources sources, LinearModel model) throws IOException {
    RerankOptions used = options.withLearnedValues(sources.learned()).withModel(model);
    if (fused.isEmpty()) { // no lookup for an empty window
      return new RerankWindow(List.of(), new WindowStats(0, 0, 0, 0), model);
    }
    return new LearnedRescorer(sources.lookup(), vector, used).window(searcher, fused);
  }
}
