package dev.relearn.eval.simulate;

import dev.relearn.lucene.schema.Require;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Whether a simulated user's task succeeded after clicking. Build with {@link #followsRelevance}
 * or {@link #independent}.
 *
 * @param byRelevance whether success is a relevant click (flipped with {@code probability}), or
 *     else a draw with {@code probability} whatever was clicked
 * @param probability the flip or the success probability, in [0, 1]
 */
public record OutcomeModel(boolean byRelevance, double probability) {
  public OutcomeModel {
    Require.inUnitInterval(byRelevance ? "success noise" : "success probability", probability);
  }

  /**
   * Success exactly when a relevant result was clicked, flipped with probability {@code noise} (in
   * [0, 1]).
   */
  public static OutcomeModel followsRelevance(double noise) {
    return new OutcomeModel(true, noise);
  }

  /** Success with probability {@code probability} (in [0, 1]), whatever was clicked. */
  public static OutcomeModel independent(double probability) {
    return new OutcomeModel(false, probability);
  }

  /**
   * The outcome of one session that clicked something, knowing whether a relevant result was among
   * the clicks: true for success.
   */
  public boolean succeeds(boolean clickedRelevant, RandomGenerator random) {
    boolean drawn = random.nextDouble() < probability;
    return byRelevance ? clickedRelevant ^ drawn : drawn;
  }

  /** A short description with the parameters. */
  public String describe() {
    return byRelevance
        ? String.format(Locale.ROOT, "success = clicked a relevant result, flipped with P=%s",
            probability)
        : String.format(Locale.ROOT, "success with P=%s, independent of relevance", probability);
  }
}
