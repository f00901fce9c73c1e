package dev.relearn.lucene.rerank;

import java.util.List;

/**
 * What the features of one candidate need to know about the whole candidate window: the range of
 * the finite first-stage scores (for min-max relevance) and the most uses (for frequency).
 *
 * @param minScore the lowest finite first-stage score (0 when there is none)
 * @param maxScore the highest finite first-stage score (0 when there is none)
 * @param maxUses the most uses (learned clicks) of any candidate, >= 0
 * @param size how many candidates the window holds
 */
public record WindowStats(double minScore, double maxScore, double maxUses, int size) {
  /** Validates the range. */
  public WindowStats {
    if (!Double.isFinite(minScore) || !Double.isFinite(maxScore) || minScore > maxScore) {
      throw new IllegalArgumentException(
          "score range must be finite with min <= max, got: [" + minScore + ", " + maxScore + "]");
    }
    if (!(maxUses >= 0) || Double.isInfinite(maxUses)) {
      throw new IllegalArgumentException("maxUses must be finite and >= 0, got: " + maxUses);
    }
    if (size < 0) {
      throw new IllegalArgumentException("size must be >= 0, got: " + size);
    }
  }

  /** The statistics of {@code window}; non-finite first-stage scores are left out of the range. */
  public static WindowStats of(List<Candidate> window) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double maxUses = 0;
    for (Candidate candidate : window) {
      double score = candidate.firstStageScore();
      if (Double.isFinite(score)) {
        min = Math.min(min, score);
        max = Math.max(max, score);
      }
      maxUses = Math.max(maxUses, candidate.learned().clicks());
    }
    if (min > max) {
      min = 0;
      max = 0;
    }
    return new WindowStats(min, max, maxUses, window.size());
  }

  /**
   * A finite score min-max normalised to [0, 1]: {@code (score − min) / (max − min)}, clamped (a
   * document explained from outside the window may fall outside the range). 1.0 when all scores
   * are equal, which includes a window of one. Monotone non-decreasing in {@code score}.
   *
   * @param score a finite score
   */
  public double relevance(double score) {
    if (!(maxScore > minScore)) {
      return 1.0;
    }
    double range = maxScore - minScore;
    double normalised = Double.isInfinite(range) // a range beyond Double.MAX_VALUE: halve all
        ? (score / 2 - minScore / 2) / (maxScore / 2 - minScore / 2)
        : (score - minScore) / range;
    return Math.max(0, Math.min(1, normalised));
  }
}
