package dev.relearn.eval.simulate;

import java.util.List;
import java.util.Objects;

/**
 * What a simulated user did with one result list.
 *
 * @param shown the ids the user saw, in rank order
 * @param clicked the ids clicked, in rank order; a subset of {@code shown}
 * @param success whether the task succeeded; meaningful only when something was clicked
 */
public record Interaction(List<String> shown, List<String> clicked, boolean success) {
  public Interaction {
    shown = List.copyOf(shown);
    clicked = List.copyOf(clicked);
    for (String id : clicked) {
      if (!shown.contains(Objects.requireNonNull(id, "clicked id"))) {
        throw new IllegalArgumentException("clicked id " + id + " was not shown");
      }
    }
  }

  /** Whether anything was clicked (only then is there feedback to record). */
  public boolean hasClicks() {
    return !clicked.isEmpty();
  }
}
