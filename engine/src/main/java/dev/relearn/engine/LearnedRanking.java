package dev.relearn.engine;

import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.rerank.LearnedRescorer;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RankedHit;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.rerank.ScoreBreakdown;
import dev.relearn.lucene.schema.LearnedValuesSource;
import dev.relearn.lucene.search.ExploredSlot;
import dev.relearn.lucene.search.HitDocuments;
import dev.relearn.lucene.search.HybridSearcher;
import dev.relearn.lucene.search.HybridSearcher.Candidates;
import dev.relearn.lucene.search.SearchRequest;
import dev.relearn.lucene.search.SearchResults;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;

/**
 * The second stage for {@code learned} searches: the hybrid candidates are re-ranked by {@link
 * LearnedRescorer} with the feedback store's similar past queries and the learned fields (read
 * from the store's in-memory aggregates, {@code FeedbackStore.learnedValues()}, so a new signal
 * counts at once; a read-only engine reads the committed doc values), scored by a {@link
 * LinearModel} carrying the query class's adaptive weights. Without feedback the ranking is
 * exactly the hybrid one.
 *
 * <p>The second stage starts on the {@link LookupPrefetcher}'s thread before the first stage
 * ({@link RankingHandOff}): the similar-query lookup, then, in a burst of searches, the ranking of
 * the first stage's window, which the search hands over as soon as it has it. While the worker is
 * at either, the search does not wait idle: it reads the stored fields of the first stage's best
 * hits ({@link HitDocuments#readAhead}), which loading the learned top k mostly needs anyway. What
 * the worker has not started (late, as between searches spaced out beyond its burst window) the
 * search does at once itself. An explained search ranks on its own thread, as it needs each hit's
 * features.
 */
final class LearnedRanking {
  private final HybridSearcher hybrid;
  private final RerankOptions options;
  private final Explorer explorer;
  private final LookupPrefetcher prefetcher;

  /**
   * @param options the similar-query lookup settings; their model is replaced per search
   * @param explorer what may swap a shown slot for a candidate from below the cut
   * @param prefetcher where similar-query lookups start early
   */
  LearnedRanking(HybridSearcher hybrid, RerankOptions options, Explorer explorer,
      LookupPrefetcher prefetcher) {
    this.hybrid = hybrid;
    this.options = options;
    this.explorer = explorer;
    this.prefetcher = prefetcher;
  }

  /**
   * A learned search; with {@code explanations} non-null, each returned hit's breakdown is added
   * to it in hit order. When exploration swaps the last slot, the results say so ({@link
   * SearchResults#explored()}).
   */
  SearchResults search(IndexSearcher searcher, SearchRequest request, float[] vector,
      LearningSources sources, LinearModel model, List<ScoreBreakdown> explanations)
      throws IOException {
    LearnedRescorer rescorer = rescorer(vector, sources, model);
    boolean orderOnly = explanations == null; // then nothing is read or built for the hits
    RankingHandOff second = new RankingHandOff(rescorer, searcher);
    if (!orderOnly) {
      second.withhold(); // explaining needs each hit's features: this thread ranks
    }
    prefetcher.prefetch(second); // the lookup runs beside the first stage
    Candidates candidates;
    try {
      candidates = hybrid.candidates(searcher, request, vector);
    } catch (IOException | RuntimeException e) {
      second.withhold();
      throw e;
    }
    LearnedValuesSource learned = sources.learned();
    List<FusedHit> fused = candidates.fused();
    int k = request.k();
    int wanted = explorer.enabled() ? fused.size() : k; // exploring needs the rest
    boolean handOver = orderOnly && !fused.isEmpty();
    if (handOver) {
      second.offer(fused, wanted); // the worker may rank them too
    } else {
      second.withhold();
    }
    // While the worker is still at work on this search, read the first stage's best hits, which
    // the learned top k mostly keeps, instead of waiting idle.
    HitDocuments documents = new HitDocuments(searcher);
    documents.readAhead(fused, k, second::workerBusy);
    List<RankedHit> shown;
    double propensity;
    if (orderOnly) {
      List<RankedHit> ranked = new ArrayList<>(handOver ? second.ranked() : List.of());
      propensity = explorer.explore(ranked, k);
      shown = ranked.subList(0, Math.min(k, ranked.size()));
    } else {
      List<RescoredHit> rescored = new ArrayList<>(
          fused.isEmpty() ? List.of() : rescorer.rerank(searcher, fused, wanted));
      propensity = explorer.explore(rescored, k);
      shown = new ArrayList<>();
      for (RescoredHit hit : rescored.subList(0, Math.min(k, rescored.size()))) {
        shown.add(RankedHit.of(hit));
        explanations.add(model.explain(hit.features()));
      }
    }
    List<FusedHit> reordered = new ArrayList<>(shown.size()); // load reads only the shown hits
    for (RankedHit hit : shown) {
      FusedHit first = fused.get(hit.firstStagePosition());
      reordered.add(new FusedHit(hit.doc(), hit.score(), first.lexical(), first.semantic()));
    }
    SearchResults results = hybrid.load(searcher, request,
        new Candidates(reordered, candidates.lexicalCount(), candidates.semanticCount()), learned,
        documents);
    if (propensity > 0 && results.hits().size() >= k) {
      results = results.withExplored(new ExploredSlot(k, results.hits().get(k - 1).chunkId(),
          propensity));
    }
    return results;
  }

  /** Every candidate of a learned search, re-ranked, with the features it was scored from. */
  List<RescoredHit> window(IndexSearcher searcher, SearchRequest request, float[] vector,
      LearningSources sources, LinearModel model) throws IOException {
    return rerank(searcher, hybrid.candidates(searcher, request, vector).fused(), vector, sources,
        model);
  }

  private List<RescoredHit> rerank(IndexSearcher searcher, List<FusedHit> fused,
      float[] vector, LearningSources sources, LinearModel model) throws IOException {
    return fused.isEmpty() ? List.of()
        : rescorer(vector, sources, model).rerank(searcher, fused, fused.size());
  }

  private LearnedRescorer rescorer(float[] vector, LearningSources sources, LinearModel model) {
    return new LearnedRescorer(sources.lookup(), vector,
        options.withLearnedValues(sources.learned()).withModel(model));
  }
}
