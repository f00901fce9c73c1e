package dev.relearn.lucene.fusion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Combines a lexical and a semantic ranked list into one. Implementations score each document
 * from its two stage hits; this class does the joining and the ordering: fused score descending,
 * ties by a {@link TieOrder}, so results are deterministic.
 */
public abstract sealed class Fusion permits MinMaxFusion, RrfFusion, QueryClassFusion {
  /** The min-max weight of the vector side for most queries. */
  public static final double DEFAULT_ALPHA = 0.5;
  /** The min-max weight of the vector side for identifier queries: BM25 counts more. */
  public static final double IDENTIFIER_ALPHA = 0.3;

  /**
   * Fuses the two lists, each best first; neither input is modified. A doc listed twice in one
   * list keeps its first (best-ranked) hit there. Ties go by doc id.
   */
  public final List<FusedHit> fuse(List<StageHit> lexical, List<StageHit> semantic) {
    return fuse(lexical, semantic, TieOrder.BY_DOC);
  }

  /** As {@link #fuse(List, List)}, with ties ordered by {@code ties}. */
  public final List<FusedHit> fuse(List<StageHit> lexical, List<StageHit> semantic,
      TieOrder ties) {
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
        .thenComparing((a, b) -> ties.compare(a.doc(), b.doc())));
    return fused;
  }

  /**
   * The fusion for a query with this text: this one, unless it chooses per query ({@link
   * QueryClassFusion}). A searcher calls it with the query's text and fuses with what it returns.
   */
  public Fusion forQuery(String queryText) {
    return this;
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

  /**
   * relearn's default: min-max at alpha {@value #DEFAULT_ALPHA}, or {@value #IDENTIFIER_ALPHA}
   * for an identifier query ({@link QueryClassFusion}).
   */
  public static Fusion byQueryClass() {
    return new QueryClassFusion(minMax(IDENTIFIER_ALPHA), minMax(DEFAULT_ALPHA));
  }

  /** Reciprocal rank fusion with constant {@code k}. */
  public static Fusion rrf(int k) {
    return new RrfFusion(k);
  }
}
