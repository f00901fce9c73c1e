package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.Require;

/**
 * How past queries weigh in the vote ({@link BoostEstimator}): a past query of similarity s
 * counts {@code s · e^((s − 1) / temperature)} (just s with an infinite temperature), and a click
 * in a session whose task failed counts {@code failedClickWeight} of a click.
 *
 * @param temperature how sharply the most similar past queries dominate, > 0 (may be infinite)
 * @param failedClickWeight what a click from a failed task counts, in [0, 1]
 */
public record VoteWeighting(double temperature, double failedClickWeight) {
  /** The defaults, tuned by {@code relearn eval tune}: temperature 0.2, failed clicks half. */
  public static final VoteWeighting DEFAULT = new VoteWeighting(0.2, 0.5);

  /** Validates, naming the bad value. */
  public VoteWeighting {
    if (!(temperature > 0)) {
      throw new IllegalArgumentException("temperature must be > 0, got: " + temperature);
    }
    Require.inUnitInterval("failedClickWeight", failedClickWeight);
  }

  /** The weight of a past query of similarity {@code similarity} (already in (0, 1]). */
  double of(double similarity) {
    return Double.isInfinite(temperature) ? similarity
        : similarity * Math.exp((similarity - 1) / temperature);
  }
}
