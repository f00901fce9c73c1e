package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.Require;

/**
 * What similar past queries say about one chunk, before shrinkage: the design's raw boost {@code
 * 0.5·clickRate + 0.5·successRate} and the evidence behind it. {@link LinearModel} shrinks it
 * towards its baseline by the evidence.
 *
 * @param clickRate similarity-weighted clicks per examination, in [0, 1]; {@link #NEUTRAL_RATE}
 *     when the chunk was never examined
 * @param successRate similarity-weighted successes per reported outcome, in [0, 1]; {@link
 *     #NEUTRAL_RATE} when no outcome was reported
 * @param evidence the effective sample size {@code n = Σ w_q·examinations_q}, finite and >= 0
 * @param outcomeEvidence {@code Σ w_q·(successes_q + failures_q)}, finite and >= 0
 * @param clickSessions how many distinct sessions clicked the chunk, each counted by its {@link
 *     dev.relearn.lucene.feedback.PastQuery#share share} (1 for a session within its event
 *     budget), finite and >= 0
 * @param skipSessions the same for the sessions that saw it without a click
 */
public record LearnedBoost(double clickRate, double successRate, double evidence,
    double outcomeEvidence, double clickSessions, double skipSessions) {
  /** The rate assumed without evidence: neither good nor bad. */
  public static final double NEUTRAL_RATE = 0.5;

  /** No evidence at all. */
  public static final LearnedBoost NONE = new LearnedBoost(NEUTRAL_RATE, NEUTRAL_RATE, 0, 0, 0, 0);

  /** Rejects rates outside [0, 1] and negative or non-finite evidence, naming the value. */
  public LearnedBoost {
    Require.inUnitInterval("clickRate", clickRate);
    Require.inUnitInterval("successRate", successRate);
    Require.finiteNonNegative("evidence", evidence);
    Require.finiteNonNegative("outcomeEvidence", outcomeEvidence);
    Require.finiteNonNegative("clickSessions", clickSessions);
    Require.finiteNonNegative("skipSessions", skipSessions);
  }

  /** The raw boost {@code 0.5·clickRate + 0.5·successRate}, in [0, 1]. */
  public double value() {
    return 0.5 * clickRate + 0.5 * successRate;
  }
}
