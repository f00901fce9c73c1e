package dev.relearn.lucene.rerank;

import dev.relearn.lucene.fusion.StageScore;
import dev.relearn.lucene.schema.Require;
import java.util.List;
import java.util.Objects;

/**
 * The features of one candidate, every one finite and in a documented range. {@link
 * FeatureExtractor} computes them; {@link LinearModel} scores them. A value that would have been
 * NaN was replaced by its neutral value, and {@link #notes()} says so.
 *
 * @param firstStageScore the first-stage (fused) score after neutralisation: finite
 * @param relevance the first-stage score min-max normalised over the window, in [0, 1]
 * @param bm25 the BM25 stage's score and rank, or null (informational: not in the model)
 * @param vector the vector stage's score and rank, or null (informational: not in the model)
 * @param bm25Norm the BM25 stage score min-max normalised over the window's BM25 scores, in [0,
 *     1]; 0 when the candidate has no BM25 score
 * @param vectorNorm the vector stage score min-max normalised likewise, in [0, 1]; 0 when absent
 * @param boost the learned boost from similar past queries and its evidence
 * @param logPrior {@link UsageSignals#logPrior}, in [ln 0.01, +∞); 0 with no outcomes
 * @param recency {@link UsageSignals#recency}, in [0, 1]; 0 if never used
 * @param frequency {@link UsageSignals#frequencyOfLogs}, in [0, 1]; 0 if nobody in the window
 *     was used
 * @param contextMatch 1 if the chunk matches the request context, else 0
 * @param notes what was neutralised, and why; empty when nothing was
 */
public record CandidateFeatures(double firstStageScore, double relevance, StageScore bm25,
    StageScore vector, double bm25Norm, double vectorNorm, LearnedBoost boost, double logPrior,
    double recency, double frequency, double contextMatch, List<String> notes) {

  /** Rejects a value outside its range, naming it. */
  public CandidateFeatures {
    Require.finite("firstStageScore", firstStageScore);
    Require.inUnitInterval("relevance", relevance);
    Require.inUnitInterval("bm25Norm", bm25Norm);
    Require.inUnitInterval("vectorNorm", vectorNorm);
    Objects.requireNonNull(boost, "boost");
    if (!(logPrior >= UsageSignals.MIN_LOG_PRIOR) || Double.isInfinite(logPrior)) {
      throw new IllegalArgumentException(
          "logPrior must be finite and >= ln 0.01, got: " + logPrior);
    }
    Require.inUnitInterval("recency", recency);
    Require.inUnitInterval("frequency", frequency);
    if (contextMatch != 0 && contextMatch != 1) {
      throw new IllegalArgumentException("contextMatch must be 0 or 1, got: " + contextMatch);
    }
    notes = List.copyOf(notes);
  }

  /**
   * How much more the lexical stage than the semantic one favoured this candidate: {@code
   * (bm25Norm − vectorNorm) / 2}, in [−0.5, 0.5].
   */
  public double balance() {
    return balance(bm25Norm, vectorNorm);
  }

  /** {@code (bm25Norm − vectorNorm) / 2}: see {@link #balance()}. */
  static double balance(double bm25Norm, double vectorNorm) {
    return (bm25Norm - vectorNorm) / 2;
  }

  /**
   * The features of a chunk with no feedback, no learned values and no context: only the
   * first-stage score speaks.
   */
  public static CandidateFeatures neutral(double firstStageScore, double relevance) {
    return new CandidateFeatures(firstStageScore, relevance, null, null, 0, 0, LearnedBoost.NONE,
        0, 0, 0, 0, List.of());
  }
}
