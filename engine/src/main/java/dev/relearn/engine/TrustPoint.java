package dev.relearn.engine;

/**
 * The trust after one refit, for the trust-over-time chart.
 *
 * @param millis when it was fit
 * @param queries the logged queries it was fit on
 * @param fitted whether enough preferences were seen to use the fit (else the prior applied)
 * @param strength the trust's strength it granted (nats per preference)
 * @param gain the held-out log-loss it saved (nats)
 */
public record TrustPoint(long millis, int queries, boolean fitted, double strength, double gain) {
  /** Validates, naming the bad values. */
  public TrustPoint {
    if (millis < 0 || queries < 0 || !(strength >= 0) || !Double.isFinite(gain)) {
      throw new IllegalArgumentException("invalid trust point: " + millis + ", " + queries
          + ", " + strength + ", " + gain);
    }
  }
}
