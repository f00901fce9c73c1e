package dev.relearn.eval.simulate;

import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Decides which results of a shown list a simulated user clicks. Implementations are immutable
 * and draw only from the generator they are given.
 */
public interface ClickModel {
  /** The names {@link #parse} accepts. */
  String NAMES = "pbm, cascade-perfect, cascade-navigational, cascade-informational";

  /**
   * The clicks on one shown list, given each result's grade in rank order (0 or less, or unjudged:
   * not relevant) and the highest grade of their judgments (graded models place a grade relative to
   * it): whether each rank was clicked.
   */
  boolean[] clicks(int[] grades, int maxGrade, RandomGenerator random);

  /** A short description with the parameters, e.g. {@code pbm(eta=1.0, ...)}. */
  String describe();

  /**
   * The model named {@code name} on the command line: {@code pbm} (with {@code eta} and {@code
   * noise}) or {@code cascade-<perfect|navigational|informational>}; throws naming the bad value.
   */
  static ClickModel parse(String name, double eta, ClickNoise noise) {
    return switch (name.strip().toLowerCase(Locale.ROOT)) {
      case "pbm" -> new PositionBasedModel(eta, noise);
      case "cascade-perfect" -> CascadeModel.PERFECT;
      case "cascade-navigational" -> CascadeModel.NAVIGATIONAL;
      case "cascade-informational" -> CascadeModel.INFORMATIONAL;
      default -> throw new IllegalArgumentException("unknown click model '" + name
          + "'; expected one of " + NAMES);
    };
  }
}
