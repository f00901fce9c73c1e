package dev.relearn.feedback.event;

import dev.relearn.lucene.feedback.Outcome;

/**
 * What an event may teach, from its outcome and quality score: the thresholds of the designs
 * relearn implements.
 */
public enum Learnability {
  /** Quality at least 0.7, or a success without a quality score: learned fully. */
  STRONG_POSITIVE,
  /** Quality at least 0.5, or no quality and no outcome given: learned. */
  ACCEPTABLE,
  /** Quality below 0.5: recorded, never learned. */
  AMBIGUOUS,
  /** The task failed: learned as negative evidence. */
  NEGATIVE;

  /** Quality at or above this is a strong positive. */
  public static final double STRONG_THRESHOLD = 0.7;
  /** Quality at or above this is acceptable; below it, ambiguous. */
  public static final double ACCEPTABLE_THRESHOLD = 0.5;

  /** Classifies an outcome and an optional quality in [0, 1]. */
  public static Learnability of(Outcome outcome, Double quality) {
    if (outcome == Outcome.FAILURE) {
      return NEGATIVE;
    }
    if (quality == null) {
      return outcome == Outcome.SUCCESS ? STRONG_POSITIVE : ACCEPTABLE;
    }
    if (quality >= STRONG_THRESHOLD) {
      return STRONG_POSITIVE;
    }
    return quality >= ACCEPTABLE_THRESHOLD ? ACCEPTABLE : AMBIGUOUS;
  }
}
