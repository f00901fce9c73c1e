package dev.relearn.lucene.rerank;

import dev.relearn.lucene.fusion.StageScore;

/**
 * The re-ranker's normaliser, a step of its own between the window's raw scores and the model's
 * features (as o19s LTR keeps ranker, features and normaliser apart): a score min-max normalised
 * over a window's range to [0, 1]. {@link WindowStats} holds one for the first-stage scores
 * (the relevance feature) and one per stage (the balance feature's {@code bm25Norm} and {@code
 * vectorNorm}).
 *
 * @param min the lowest score of the window, finite
 * @param max the highest score of the window, finite and >= min
 */
public record MinMaxNormaliser(double min, double max) {
  /** Validates the range. */
  public MinMaxNormaliser {
    if (!Double.isFinite(min) || !Double.isFinite(max) || min > max) {
      throw new IllegalArgumentException(
          "range must be finite with min <= max, got: [" + min + ", " + max + "]");
    }
  }

  /**
   * {@code (score − min) / (max − min)}, clamped to [0, 1] (a document explained from outside the
   * window may fall outside the range); 1.0 when the range is a point, which includes a window of
   * one. Monotone non-decreasing in {@code score}.
   *
   * @param score a finite score
   */
  public double normalise(double score) {
    if (!(max > min)) {
      return 1.0;
    }
    double range = max - min;
    double normalised = Double.isInfinite(range) // a range beyond Double.MAX_VALUE: halve all
        ? (score / 2 - min / 2) / (max / 2 - min / 2)
        : (score - min) / range;
    return Math.max(0, Math.min(1, normalised));
  }

  /** A stage's score normalised as {@link #normalise(double)}; 0 when there is none. */
  public double normalise(StageScore stage) {
    return stage == null ? 0 : normalise(stage.score());
  }
}
