package dev.relearn.lucene.fusion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Combines a lexical and a semantic ranked list into one. Implementations score each document
 * from its two stage hits; this class does the joining and the ordering: fused score descending,
 * ties by doc id ascending, so results are deterministic.
 */
public abstract sealed class Fusion permits MinMaxFusion, RrfFusion {

  /**
   * Fuses the two lists, each best first; neither input is modified. A doc listed twice in one
   * list keeps its first (best-ranked) hit there.
   */
  public final List<FusedHit> fuse(List<StageHit> lexical, List<StageHit> semantic) {
    Map<Integer, StageHit[]> byDoc = new LinkedHashMap<>();
    for (StageHit hit : lexical) {
      StageHit[] pair = byDoc.computeIfAbsent(hit.doc(), d -> new StageHit[2]);
      pair[0] = pair[0] == null ? hit : pair[0];
    }
    for (StageHit hit : semantic) {
      StageHit[] pair = byDoc.computeIfAbsent(hit.doc(), d -> new StageHit[2]);
      pair[1] = pair[1] == null ? hit : pair[1];
    }
    Scorer scorer = scorer(lexical, semantic);
    List<FusedHit> fused = new ArrayList<>(byDoc.size());
    byDoc.forEach((doc, pair) ->
        fused.add(new FusedHit(doc, scorer.score(pair[0], pair[1]), pair[0], pair[1])));
    fused.sort(Comparator.comparingDouble(FusedHit::score).reversed()
        .thenComparingInt(FusedHit::doc));
    return fused;
  }

  /** Prepares a scorer for these two lists (for example, their score ranges). */
  protected abstract Scorer scorer(List<StageHit> lexical, List<StageHit> semantic);

  /** A short description such as {@code "minmax(alpha=0.5)"}, for explanations and reports. */
  public abstract String describe();

  /** Scores one document from its stage hits; either may be null, not both. */
  @FunctionalInterface
  protected interface Scorer {
    double score(StageHit lexical, StageHit semantic);
  }

  /**
   * Min-max normalisation then a convex combination, weighting the semantic side by {@code
   * alpha}.
   */
  public static Fusion minMax(double alpha) {
    return new MinMaxFusion(alpha);
  }

  /** Reciprocal rank fusion with constant {@code k}. */
  public static Fusion rrf(int k) {
    return new RrfFusion(k);
  }
}
