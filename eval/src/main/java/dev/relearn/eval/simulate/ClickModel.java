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
   * The clicks on one shown list.
   *
   * @param grades the relevance grade of each shown result, in rank order (0 or less: not
   *     relevant; unjudged results are 0)
   * @param maxGrade the highest grade of the judgments the grades come from, at least 1; graded
   *     models place a grade on their scale relative to it
   * @param random the source of randomness
   * @return for each rank, whether it was clicked; same length as {@code grades}
   */
  boolean[] clicks(int[] grades, int maxGrade, RandomGenerator random);

  /** A short description with the parameters, e.g. {@code pbm(eta=1.0, ...)}. */
  String describe();

  /**
   * The model named {@code name}, as the command line gives it: {@code pbm} (position-based,
   * with {@code eta} and {@code noise}) or {@code cascade-<perfect|navigational|informational>}.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
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
