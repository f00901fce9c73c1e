package dev.relearn.feedback.index;

import java.time.Duration;

/**
 * Exponential decay of evidence: after {@code age} (negative counts as zero), evidence counts
 * {@code 0.5^(age/halfLife)}; a null or zero half-life means none. It composes, so it can be
 * applied in steps (to a cluster's last event on merge, from there at lookup).
 */
public final class Decay {
  /** No decay at all. */
  public static final Decay NONE = new Decay(0);

  private final long halfLifeMillis;

  private Decay(long halfLifeMillis) {
    this.halfLifeMillis = halfLifeMillis;
  }

  /** The decay of a half-life: null or zero for none, IllegalArgumentException if negative. */
  public static Decay of(Duration halfLife) {
    if (halfLife == null || halfLife.isZero()) {
      return NONE;
    }
    if (halfLife.isNegative()) {
      throw new IllegalArgumentException("half-life must not be negative, got: " + halfLife);
    }
    return new Decay(halfLife.toMillis() == 0 ? 1 : halfLife.toMillis());
  }

  /** Whether this decays anything. */
  public boolean none() {
    return halfLifeMillis == 0;
  }

  /** The factor, in (0, 1], for evidence stamped {@code fromMillis} seen at {@code toMillis}. */
  public double factor(long fromMillis, long toMillis) {
    if (halfLifeMillis == 0 || toMillis <= fromMillis) {
      return 1.0;
    }
    return Math.pow(0.5, (double) (toMillis - fromMillis) / halfLifeMillis);
  }

  @Override
  public String toString() {
    return none() ? "Decay[none]" : "Decay[halfLife=" + Duration.ofMillis(halfLifeMillis) + "]";
  }
}
