package dev.relearn.feedback.event;

/**
 * How a session's evidence about one chunk is capped, for the learned fields and for the cluster
 * index alike: clicks with examinations, and successes with failures, each pair scaled by the one
 * factor that brings both within their caps, so that capping keeps the session's click and
 * success rates (a session that used a chunk every time stays a click rate of 1).
 */
public final class SessionCap {
  private SessionCap() {}

  /**
   * The factor for a pair: 1 when {@code a} and {@code b} are within {@code capA} and {@code
   * capB}, else the smaller of {@code capA / a} and {@code capB / b}.
   */
  public static double factor(double a, double capA, double b, double capB) {
    return Math.min(a > capA ? capA / a : 1.0, b > capB ? capB / b : 1.0);
  }
}
