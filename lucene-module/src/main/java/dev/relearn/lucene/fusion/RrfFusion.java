package dev.relearn.lucene.fusion;

import dev.relearn.lucene.schema.Require;
import java.util.List;

/** Reciprocal rank fusion: {@code Σ 1/(k + rank)} over the lists that returned the document. */
public final class RrfFusion extends Fusion {
  private final int k;

  /** @param k the rank constant, at least 1; 60 is the usual value */
  public RrfFusion(int k) {
    Require.atLeastOne("RRF k", k);
    this.k = k;
  }

  @Override
  protected Scorer scorer(List<StageHit> lexical, List<StageHit> semantic) {
    return (l, s) -> reciprocal(l) + reciprocal(s);
  }

  private double reciprocal(StageHit hit) {
    return hit == null ? 0 : 1.0 / (k + hit.rank());
  }

  @Override
  public String describe() {
    return "rrf(k=" + k + ")";
  }
}
