package dev.relearn.engine.config;

/**
 * Exploration settings, the {@code exploration} section of {@code relearn.json}: a share of
 * learned searches swaps one lower slot for a candidate from below the cut, so that learning can
 * discover chunks the first stage ranks too low.
 *
 * @param rate the share of learned searches that explore, in [0, 1]; 0 is off
 * @param seed the seed of the random choices, in [0, 2^53 − 1]
 */
public record Exploration(double rate, long seed) {
  /** Exploration off: the default. */
  public static final Exploration OFF = new Exploration(0, 42);

  /** Validates, naming the bad value. */
  public Exploration {
    Check.in("exploration.rate", rate, 0, 1);
    Check.in("exploration.seed", seed, 0, 0x1p53 - 1);
  }

  /** Whether any search explores. */
  public boolean enabled() {
    return rate > 0;
  }
}
