package dev.relearn.eval.simulate;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The cascade click model (dependent click model form): the user scans the list from the top,
 * clicks a result with its level's click probability and, after a click, stops with its level's
 * stop probability; otherwise goes on to the next result. Nothing below the stop is examined.
 *
 * @param parameters the click and stop probabilities per relevance level
 */
public record CascadeModel(CascadeParameters parameters) implements ClickModel {
  /** Validates. */
  public CascadeModel {
    Objects.requireNonNull(parameters, "parameters");
  }

  @Override
  public boolean[] clicks(int[] grades, int maxGrade, RandomGenerator random) {
    boolean[] clicked = new boolean[grades.length];
    for (int i = 0; i < grades.length; i++) {
      if (random.nextDouble() < parameters.clickProbability(grades[i], maxGrade)) {
        clicked[i] = true;
        if (random.nextDouble() < parameters.stopProbability(grades[i], maxGrade)) {
          break;
        }
      }
    }
    return clicked;
  }

  @Override
  public String describe() {
    return "cascade-" + parameters.name();
  }
}
