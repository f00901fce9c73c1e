package dev.relearn.lucene.fusion;

import dev.relearn.lucene.schema.Require;
import java.util.List;

/**
 * Min-max normalises each list's scores to [0, 1], then computes {@code alpha·semantic +
 * (1−alpha)·lexical}. A document missing from a list gets 0 for that list. A list whose finite
 * scores are all equal normalises to 1. The range is that of the finite scores: {@code +∞} counts
 * as 1 and {@code −∞} as 0, so the fused score is never NaN.
 */
public final class MinMaxFusion extends Fusion {
  private final double alpha;

  /** @param alpha the semantic weight in [0, 1]; 0.5 weights both lists equally */
  public MinMaxFusion(double alpha) {
    this.alpha = Require.inUnitInterval("alpha", alpha);
  }

  @Override
  protected Scorer scorer(List<StageHit> lexical, List<StageHit> semantic) {
    Range lex = Range.of(lexical);
    Range sem = Range.of(semantic);
    return (l, s) -> (1 - alpha) * lex.normalize(l) + alpha * sem.normalize(s);
  }

  @Override
  public String describe() {
    return "minmax(alpha=" + alpha + ")";
  }

  private record Range(float min, float max) {
    static Range of(List<StageHit> hits) {
      float min = Float.POSITIVE_INFINITY;
      float max = Float.NEGATIVE_INFINITY;
      for (StageHit hit : hits) {
        if (Float.isFinite(hit.score())) {
          min = Math.min(min, hit.score());
          max = Math.max(max, hit.score());
        }
      }
      return new Range(min, max);
    }

    double normalize(StageHit hit) {
      if (hit == null) {
        return 0;
      }
      if (Float.isInfinite(hit.score())) {
        return hit.score() > 0 ? 1.0 : 0.0;
      }
      return max > min ? (hit.score() - (double) min) / ((double) max - min) : 1.0;
    }
  }
}
