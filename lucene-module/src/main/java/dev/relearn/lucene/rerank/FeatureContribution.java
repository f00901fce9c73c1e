package dev.relearn.lucene.rerank;

import java.util.Objects;

/**
 * One line of a {@link ScoreBreakdown}: a feature's value, its weight and what it added to the
 * score. Usually {@code contribution = weight·value}; the boost's contribution is also capped,
 * and {@code detail} then says so.
 *
 * @param name the feature's name, e.g. {@code "relevance"}
 * @param value the feature's value, finite
 * @param weight the model's weight, finite
 * @param contribution what it added to the score, finite
 * @param detail how the value was computed, for people
 */
public record FeatureContribution(String name, double value, double weight, double contribution,
    String detail) {
  /** Rejects non-finite numbers, naming the feature. */
  public FeatureContribution {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(detail, "detail");
    if (!Double.isFinite(value) || !Double.isFinite(weight) || !Double.isFinite(contribution)) {
      throw new IllegalArgumentException("feature " + name + " must be finite, got value " + value
          + ", weight " + weight + ", contribution " + contribution);
    }
  }
}
