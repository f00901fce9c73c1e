package dev.relearn.engine;

/**
 * The trust after one refit, for the trust-over-time chart.
 *
 * @param millis when it was fit
 * @param queries the logged queries it was fit on
 * @param weight the vote's weight it granted
 * @param gain the held-out log-loss it saved (nats)
 */
public record TrustPoint(long millis, int queries, double weight, double gain) {
  /** Validates, naming the bad values. */
  public TrustPoint {
    if (millis < 0 || queries < 0 || !(weight >= 0) || !Double.isFinite(gain)) {
      throw new IllegalArgumentException("invalid trust point: " + millis + ", " + queries
          + ", " + weight + ", " + gain);
    }
  }
}
