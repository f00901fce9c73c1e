package dev.relearn.engine;

import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import java.util.List;
import java.util.Objects;

/**
 * Used chunks that share a signal class and the list they were found in: one feedback event.
 *
 * @param query the query text (in memory only), or null when none is known
 * @param shown the list they were found in (or the latest, for weak uses; empty if none)
 * @param afterWiderSearch they were found by {@code search_all} after the first list missed them
 */
public record UseGroup(SignalClass signal, List<String> used, String query, List<ShownResult> shown,
    boolean explicitSearch, boolean afterWiderSearch) {
  /** Validates and copies. */
  public UseGroup {
    Objects.requireNonNull(signal, "signal");
    used = List.copyOf(used);
    shown = List.copyOf(shown);
  }

  /** A description without the query text. */
  @Override
  public String toString() {
    return "UseGroup[signal=" + signal.label() + ", used=" + used + ", shown=" + shown.size()
        + ", explicitSearch=" + explicitSearch + ", afterWiderSearch=" + afterWiderSearch + "]";
  }
}
