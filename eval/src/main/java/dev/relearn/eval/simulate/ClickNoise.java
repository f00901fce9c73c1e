package dev.relearn.eval.simulate;

import dev.relearn.lucene.schema.Require;

/**
 * How likely an examined result is clicked: {@code relevant} for a relevant one (grade at least
 * 1), {@code nonRelevant} otherwise. The defaults, 1.0 and 0.1, make users click every relevant
 * result they look at and one in ten of the others.
 *
 * @param relevant P(click | examined, relevant), in [0, 1]
 * @param nonRelevant P(click | examined, not relevant), in [0, 1]
 */
public record ClickNoise(double relevant, double nonRelevant) {
  /** P(click | relevant) = 1.0 and P(click | not relevant) = 0.1. */
  public static final ClickNoise DEFAULT = new ClickNoise(1.0, 0.1);

  public ClickNoise {
    Require.inUnitInterval("P(click | relevant)", relevant);
    Require.inUnitInterval("P(click | not relevant)", nonRelevant);
  }

  /** Clicks that ignore relevance: every examined result is clicked with {@code probability}. */
  public static ClickNoise independent(double probability) {
    return new ClickNoise(probability, probability);
  }

  /** The click probability of an examined result of {@code grade}. */
  public double probability(int grade) {
    return grade >= 1 ? relevant : nonRelevant;
  }
}
