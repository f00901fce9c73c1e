package dev.relearn.engine;

/**
 * The trust after one refit, for the trust-over-time chart: when, on how many queries, whether
 * fitted (else the prior applied), its strength (nats per preference) and held-out gain (nats).
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
