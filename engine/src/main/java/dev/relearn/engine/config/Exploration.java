package dev.relearn.engine.config;

/**
 * The {@code exploration} section: the share of learned searches, in [0, 1] (0: off), that swap
 * one slot for a candidate from below the cut, and the seed of the choices, in [0, 2^53 − 1].
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
