package dev.relearn.opensearch.feedback;

import java.util.Objects;

/**
 * Tells a periodic task's new failure from the one it logged last, so that a failure that recurs
 * every pass (a write-blocked index, once a second) is logged with its stack once, not 86,400
 * times a day. Not thread-safe: the one thread that runs the task owns it.
 */
final class RepeatedFailure {
  private String last; // the last failure's description, null after a success

  /** Records a failure; true when it differs from the last one (or follows a success). */
  boolean isNew(Exception failure) {
    String described = String.valueOf(Objects.requireNonNull(failure, "failure"));
    boolean fresh = !described.equals(last);
    last = described;
    return fresh;
  }

  /** Records a success: the next failure is new. */
  void succeeded() {
    last = null;
  }
}
