package dev.relearn.eval.simulate;

import dev.relearn.lucene.schema.Require;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A simulated user: sees the top {@code shown} results, clicks by a {@link ClickModel} and ends
 * the task by an {@link OutcomeModel}. Immutable; all randomness comes from the caller.
 *
 * @param clicks which shown results get clicked
 * @param outcomes whether the task succeeds after clicks
 * @param shown how many results the user sees, at least 1 (10 by default)
 */
public record SimulatedUser(ClickModel clicks, OutcomeModel outcomes, int shown) {
  /** Users see the top 10. */
  public static final int DEFAULT_SHOWN = 10;

  public SimulatedUser {
    Objects.requireNonNull(clicks, "clicks");
    Objects.requireNonNull(outcomes, "outcomes");
    Require.atLeastOne("shown", shown);
  }

  /**
   * The default user: position-based clicks (eta 1, P(click | relevant) 1.0, P(click | not
   * relevant) 0.1), success when a relevant result was clicked, flipped with {@code
   * successNoise}, top 10 shown.
   */
  public static SimulatedUser positionBased(double successNoise) {
    return new SimulatedUser(PositionBasedModel.DEFAULT,
        OutcomeModel.followsRelevance(successNoise), DEFAULT_SHOWN);
  }

  /**
   * One session: the user sees the first {@link #shown} of {@code ranking} and acts on the query's
   * {@code judgments} (others grade 0; {@code maxGrade}: the split's highest, at least 1).
   */
  public Interaction interact(List<String> ranking, Map<String, Integer> judgments, int maxGrade,
      RandomGenerator random) {
    List<String> seen = List.copyOf(ranking.subList(0, Math.min(shown, ranking.size())));
    int[] grades = new int[seen.size()];
    for (int i = 0; i < grades.length; i++) {
      grades[i] = judgments.getOrDefault(seen.get(i), 0);
    }
    boolean[] clicked = clicks.clicks(grades, maxGrade, random);
    List<String> ids = new ArrayList<>();
    boolean relevant = false;
    for (int i = 0; i < clicked.length; i++) {
      if (clicked[i]) {
        ids.add(seen.get(i));
        relevant |= grades[i] >= 1;
      }
    }
    boolean success = !ids.isEmpty() && outcomes.succeeds(relevant, random);
    return new Interaction(seen, ids, success);
  }

  /** A short description of the model, the outcomes and the list length. */
  public String describe() {
    return clicks.describe() + "; " + outcomes.describe() + "; top " + shown + " shown";
  }
}
