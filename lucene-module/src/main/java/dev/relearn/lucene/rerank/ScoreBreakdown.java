package dev.relearn.lucene.rerank;

import java.util.List;
import java.util.Objects;

/**
 * Why a candidate got its score: every feature's value, weight and contribution, the evidence
 * behind the learned boost, and what was neutralised. {@code total} is the in-order sum of the
 * contributions, computed exactly as {@link LinearModel#score} computes it, so it equals the score
 * bit for bit; the constructor checks that.
 *
 * @param contributions one per model feature, in the model's summation order
 * @param boost the learned boost and its evidence
 * @param shrink {@code n / (n + k)}, the share of the boost's deviation that was trusted
 * @param total the score
 * @param notes what was neutralised, and why
 */
public record ScoreBreakdown(List<FeatureContribution> contributions, LearnedBoost boost,
    double shrink, double total, List<String> notes) {
  /** Validates that {@code total} is exactly the in-order sum of the contributions. */
  public ScoreBreakdown {
    contributions = List.copyOf(contributions);
    Objects.requireNonNull(boost, "boost");
    notes = List.copyOf(notes);
    if (!(shrink >= 0 && shrink <= 1)) {
      throw new IllegalArgumentException("shrink must be in [0, 1], got: " + shrink);
    }
    double sum = sumOf(contributions);
    if (Double.compare(sum, total) != 0 && !(sum == 0 && total == 0)) {
      throw new IllegalArgumentException(
          "total must equal the sum of the contributions " + sum + ", got: " + total);
    }
  }

  /** The in-order sum of the contributions. */
  static double sumOf(List<FeatureContribution> contributions) {
    double sum = 0;
    for (FeatureContribution contribution : contributions) {
      sum += contribution.contribution();
    }
    return sum;
  }

  /** The contribution of the feature called {@code name}. */
  public FeatureContribution contribution(String name) {
    for (FeatureContribution contribution : contributions) {
      if (contribution.name().equals(name)) {
        return contribution;
      }
    }
    throw new IllegalArgumentException("no feature called '" + name + "'");
  }
}
