package dev.relearn.eval.simulate;

import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Whether a simulated user's task succeeded after clicking. Build with {@link #followsRelevance}
 * or {@link #independent}.
 */
public interface OutcomeModel {
  /**
   * The outcome of one session that clicked something, knowing whether a relevant result was among
   * the clicks: true for success.
   */
  boolean succeeds(boolean clickedRelevant, RandomGenerator random);

  /** A short description with the parameters. */
  String describe();

  /**
   * Success exactly when a relevant result was clicked, flipped with probability {@code noise} (in
   * [0, 1]).
   */
  static OutcomeModel followsRelevance(double noise) {
    Probabilities.require("success noise", noise);
    return new OutcomeModel() {
      @Override
      public boolean succeeds(boolean clickedRelevant, RandomGenerator random) {
        return clickedRelevant ^ (random.nextDouble() < noise);
      }

      @Override
      public String describe() {
        return String.format(Locale.ROOT, "success = clicked a relevant result, flipped with"
            + " P=%s", noise);
      }
    };
  }

  /** Success with probability {@code probability} (in [0, 1]), whatever was clicked. */
  static OutcomeModel independent(double probability) {
    Probabilities.require("success probability", probability);
    return new OutcomeModel() {
      @Override
      public boolean succeeds(boolean clickedRelevant, RandomGenerator random) {
        return random.nextDouble() < probability;
      }

      @Override
      public String describe() {
        return String.format(Locale.ROOT, "success with P=%s, independent of relevance",
            probability);
      }
    };
  }
}
