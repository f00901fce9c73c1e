package dev.relearn.lucene.rerank;

import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.schema.Require;
import java.util.List;
import java.util.Objects;

/**
 * What the features of one candidate need to know about the whole candidate window: the range of
 * the finite first-stage scores (for min-max relevance) and the most uses (for frequency).
 *
 * @param minScore the lowest finite first-stage score (0 when there is none)
 * @param maxScore the highest finite first-stage score (0 when there is none)
 * @param maxUses the most uses (learned clicks) of any candidate similar past queries vouch
 *     for (see {@link FeedbackEvidence#boost}), >= 0
 * @param size how many candidates the window holds
 * @param bm25 min-max over the candidates' finite BM25 stage scores ([0, 0] when none)
 * @param vector min-max over the candidates' finite vector stage scores ([0, 0] when none)
 */
public record WindowStats(double minScore, double maxScore, double maxUses, int size,
    MinMaxNormaliser bm25, MinMaxNormaliser vector) {
  /** The stage normaliser of a window without scores of the stage. */
  private static final MinMaxNormaliser NO_STAGE = new MinMaxNormaliser(0, 0);

  /** Validates the range. */
  public WindowStats {
    if (!Double.isFinite(minScore) || !Double.isFinite(maxScore) || minScore > maxScore) {
      throw new IllegalArgumentException(
          "score range must be finite with min <= max, got: [" + minScore + ", " + maxScore + "]");
    }
    Require.finiteNonNegative("maxUses", maxUses);
    Require.nonNegative("size", size);
    Objects.requireNonNull(bm25, "bm25");
    Objects.requireNonNull(vector, "vector");
  }

  /** Statistics with empty stage ranges (for windows without stage scores). */
  public WindowStats(double minScore, double maxScore, double maxUses, int size) {
    this(minScore, maxScore, maxUses, size, NO_STAGE, NO_STAGE);
  }

  /**
   * The statistics of {@code window}; non-finite first-stage scores are left out of the range,
   * and only candidates {@code evidence} vouches for (a boost with evidence) count for the most
   * uses.
   */
  public static WindowStats of(List<Candidate> window, FeedbackEvidence evidence) {
    Builder builder = new Builder();
    for (Candidate candidate : window) {
      builder.add(candidate.firstStageScore(), candidate.bm25(), candidate.vector());
      if (evidence.boost(candidate.chunkId()).evidence() > 0) {
        builder.addUses(candidate.learned().clicks());
      }
    }
    return builder.build();
  }

  /**
   * Collects the statistics one candidate at a time, in any order: first-stage scores from every
   * candidate, uses from those similar past queries vouch for.
   */
  private static final class Builder {
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double maxUses;
    private int size;
    private final StageRange bm25 = new StageRange();
    private final StageRange vector = new StageRange();

    /** Adds a candidate's first-stage score and its stages' scores. */
    void add(double score, StageScore bm25Stage, StageScore vectorStage) {
      if (bm25Stage != null) {
        bm25.add(bm25Stage.score());
      }
      if (vectorStage != null) {
        vector.add(vectorStage.score());
      }
      if (Double.isFinite(score)) { // left out of the range unless finite
        min = Math.min(min, score);
        max = Math.max(max, score);
      }
      size++;
    }

    /** Adds a vouched candidate's uses. */
    void addUses(double uses) {
      maxUses = Math.max(maxUses, uses);
    }

    /** The statistics of every candidate added; an empty score range is [0, 0]. */
    WindowStats build() {
      boolean empty = min > max;
      return new WindowStats(empty ? 0 : min, empty ? 0 : max, maxUses, size, bm25.build(),
          vector.build());
    }
  }

  /** The normaliser of the first-stage scores: min-max over {@code [minScore, maxScore]}. */
  public MinMaxNormaliser relevanceNormaliser() {
    return new MinMaxNormaliser(minScore, maxScore);
  }

  /** Collects the finite scores of one stage. */
  private static final class StageRange {
    private float min = Float.POSITIVE_INFINITY;
    private float max = Float.NEGATIVE_INFINITY;

    void add(float score) {
      if (Float.isFinite(score)) {
        min = Math.min(min, score);
        max = Math.max(max, score);
      }
    }

    MinMaxNormaliser build() {
      return min > max ? NO_STAGE : new MinMaxNormaliser(min, max);
    }
  }
}
