package dev.relearn.feedback.event;

/**
 * How a session's evidence about one chunk is capped, for the learned fields and the clusters
 * alike: each pair (clicks with examinations, successes with failures) scaled by the one factor
 * that brings both within their caps, keeping the session's rates.
 */
public final class SessionCap {
  /** Examinations per session are capped at this multiple of the per-session cap. */
  public static final double EXAMINATION_FACTOR = 3.0;

  private SessionCap() {}

  /**
   * The factor for a pair: 1 when {@code a} and {@code b} are within {@code capA} and {@code
   * capB}, else the smaller of {@code capA / a} and {@code capB / b}.
   */
  public static double factor(double a, double capA, double b, double capB) {
    return Math.min(a > capA ? capA / a : 1.0, b > capB ? capB / b : 1.0);
  }
}
