package dev.relearn.lucene.feedback;

import dev.relearn.lucene.schema.Labels;
import java.util.Locale;

/** How the task a search served ended. */
public enum Outcome {
  /** The task succeeded with the used chunks. */
  SUCCESS,
  /** The task failed; a negative signal for the used chunks. */
  FAILURE,
  /** Unknown or not reported: only the use itself is a signal. */
  NONE;

  /** The lower-case name used in JSON and on the command line. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a label such as {@code "success"}, case-insensitively.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
  public static Outcome fromLabel(String label) {
    return Labels.parse(values(), Outcome::label, "outcome", label);
  }
}
