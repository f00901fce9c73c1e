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
    String key = name.strip().toLowerCase(Locale.ROOT);
    if (key.equals("pbm")) {
      return new PositionBasedModel(eta, noise);
    }
    try {
      if (key.startsWith("cascade-")) {
        return CascadeModel.preset(key.substring("cascade-".length()));
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown click model '" + name + "'; expected one of "
          + NAMES, e);
    }
    throw new IllegalArgumentException("unknown click model '" + name + "'; expected one of "
        + NAMES);
  }
}
