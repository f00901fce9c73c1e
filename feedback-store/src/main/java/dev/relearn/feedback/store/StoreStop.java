package dev.relearn.feedback.store;

import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import org.apache.lucene.util.IORunnable;

/**
 * A failure after which the store may hold in memory what its files do not (an event logged but
 * not wholly applied, learned fields not written, a failed checkpoint). Once set, it stays: the
 * store refuses later events and reports it ({@link FeedbackStore#failure()}); reopening, which
 * replays the log, recovers.
 */
final class StoreStop {
  private volatile Throwable cause;

  /** Keeps {@code failure} unless one is kept already. */
  synchronized void stop(Throwable failure) {
    if (cause == null) {
      cause = failure;
    }
  }

  /** The failure that stopped the store, or null. */
  Throwable cause() {
    return cause;
  }

  /** Throws an {@code IOException} naming the failure, if the store stopped. */
  void check() throws IOException {
    Throwable c = cause;
    if (c != null) {
      throw new IOException("the feedback store stopped after a failure (" + c.getMessage()
          + "). Acknowledged feedback is safe in the feedback log; fix the cause (for example,"
          + " free disk space), then reopen the store (relearn's engine does so on its next"
          + " write)", c);
    }
  }

  /**
   * Runs {@code work} on {@code writes}; a failure (also Lucene's refusal of a writer an earlier
   * failure stopped, rethrown naming {@code what}) stops the store; an interrupted wait does not.
   */
  void running(String what, WriteThreads writes, IORunnable work) throws IOException {
    writes.run(() -> {
      try {
        work.run();
      } catch (IllegalStateException e) {
        stop(e);
        throw new IOException("the feedback store's " + what + " failed: " + e.getMessage(), e);
      } catch (IOException | RuntimeException e) {
        stop(e);
        throw e;
      }
    });
  }
}
