package dev.relearn.eval.experiment;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.rerank.RescoredHit;
import java.io.IOException;
import java.util.List;

/**
 * Whether the learned mode ranks exactly as hybrid, such as before any feedback ({@code
 * cold_start_equals_hybrid}): each query's learned window ({@link Relearn#learnedWindow}) holds
 * every hybrid candidate re-ranked, with its hybrid position, so both orders come from one first
 * stage. A learned search and a hybrid search run one after the other need not share one: the
 * vector stage's float sums may round a near tie apart once the JIT compiles Lucene's vectorised
 * dot product (docs/RANKING.md), which two separate runs once reported as a ranking difference.
 * A cluster's engine shows no window: its learned and hybrid searches are compared.
 */
final class ColdStartCheck {
  private ColdStartCheck() {}

  /**
   * How many of {@code split}'s queries the learned mode of {@code engine} (first stage fused
   * with {@code fusion}, {@value Scorer#DEPTH} candidates per retriever, as {@link Scorer}
   * searches) ranks otherwise than hybrid: 0 when every candidate keeps its hybrid position.
   */
  static int queriesRankedOtherwise(RelearnOperations engine, Split split, Fusion fusion)
      throws IOException {
    int otherwise = 0;
    for (String id : split.ids()) {
      SearchRequest request = SearchRequest.of(split.text(id)).withMode(SearchMode.LEARNED)
          .withK(Scorer.DEPTH).withCandidates(Scorer.DEPTH).withFusion(fusion);
      boolean same = engine instanceof Relearn relearn
          ? keepsHybridOrder(relearn.learnedWindow(request))
          : ids(engine, request).equals(ids(engine, request.withMode(SearchMode.HYBRID)));
      if (!same) {
        otherwise++;
      }
    }
    return otherwise;
  }

  private static List<String> ids(RelearnOperations engine, SearchRequest request)
      throws IOException {
    return engine.search(request).hits().stream().map(Hit::chunkId).toList();
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
