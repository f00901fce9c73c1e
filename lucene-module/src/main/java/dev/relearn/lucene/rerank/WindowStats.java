package dev.relearn.lucene.rerank;

import dev.relearn.lucene.fusion.StageScore;
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
 * @param bm25 the range of the candidates' BM25 stage scores
 * @param vector the range of the candidates' vector stage scores
 */
public record WindowStats(double minScore, double maxScore, double maxUses, int size,
    Range bm25, Range vector) {
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
    Objects.requireNonNull(bm25, "bm25");
    Objects.requireNonNull(vector, "vector");
  }

  /** Statistics with empty stage ranges (for windows without stage scores). */
  public WindowStats(double minScore, double maxScore, double maxUses, int size) {
    this(minScore, maxScore, maxUses, size, Range.EMPTY, Range.EMPTY);
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
    private final Range.Builder bm25 = new Range.Builder();
    private final Range.Builder vector = new Range.Builder();

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

  /**
   * The range of one stage's scores over a window.
   *
   * @param min the lowest score (0 when the window has none)
   * @param max the highest score (0 when the window has none), >= min
   */
  public record Range(float min, float max) {
    /** The range of a window without scores of the stage. */
    public static final Range EMPTY = new Range(0, 0);

    /** Validates the range. */
    public Range {
      if (!Float.isFinite(min) || !Float.isFinite(max) || min > max) {
        throw new IllegalArgumentException(
            "stage range must be finite with min <= max, got: [" + min + ", " + max + "]");
      }
    }

    /**
     * A stage score min-max normalised to [0, 1] (clamped; 1 when the range is a point); 0 when
     * the candidate has no score from this stage.
     */
    public double normalise(StageScore stage) {
      return stage == null ? 0 : normalise(stage.score());
    }

    /** A stage score min-max normalised to [0, 1] (clamped; 1 when the range is a point). */
    double normalise(float score) {
      return new MinMaxNormaliser(min, max).normalise(score);
    }

    /** Collects the finite scores of one stage. */
    private static final class Builder {
      private float min = Float.POSITIVE_INFINITY;
      private float max = Float.NEGATIVE_INFINITY;

      void add(float score) {
        if (Float.isFinite(score)) {
          min = Math.min(min, score);
          max = Math.max(max, score);
        }
      }

      Range build() {
        return min > max ? EMPTY : new Range(min, max);
      }
    }
  }
}
