package dev.relearn.feedback.log;

import java.io.IOException;

/** Whether the log has failed (an fsync or a rollback failed), and why; set until reopened. */
final class LogFailure {
  private final String log;
  private volatile IOException cause;

  LogFailure(String log) {
    this.log = log;
  }

  /** Records the first failure; returns {@code e}. */
  synchronized IOException fail(IOException e) {
    if (cause == null) {
      cause = e;
    }
    return e;
  }

  /** The first failure, or null. */
  IOException cause() {
    return cause;
  }

  /** The failure to report at close, or null if the log has not failed. */
  IOException atClose() {
    IOException c = cause;
    return c == null ? null
        : new IOException("the feedback log " + log + " had failed before it was closed: "
            + c.getMessage(), c);
  }

  /** Throws if the log has failed, naming the original failure. */
  void throwIfFailed() throws IOException {
    IOException c = cause;
    if (c != null) {
      throw new IOException("the feedback log " + log + " failed earlier and accepts no more"
          + " writes (" + c.getMessage() + "); reopen it to recover every acknowledged record", c);
    }
  }
}
