package dev.relearn.engine.config;

/**
 * Exploration settings: a share of learned searches swaps one lower slot for a candidate from
 * below the cut, so that learning can discover chunks the first stage ranks too low.
 *
 * @param rate the share of learned searches that explore, in [0, 1]; 0 is off
 * @param seed the seed of the random choices, >= 0
 */
public record Exploration(double rate, long seed) {
  /** Exploration off. */
  public static final Exploration OFF = new Exploration(0, 42);

  /** Validates, naming the bad value. */
  public Exploration {
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException("exploration rate must be in [0, 1], got: " + rate);
    }
    if (seed < 0) {
      throw new IllegalArgumentException("exploration seed must be >= 0, got: " + seed);
    }
  }

  /** Whether any search explores. */
  public boolean enabled() {
    return rate > 0;
  }
}
