package dev.relearn.feedback.store;

import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import org.apache.lucene.util.IORunnable;

/**
 * A failure after which the store may hold in memory what its files do not (or the chunk index's
 * writer what it cannot write): an event logged but not wholly applied, learned fields that could
 * not be written, a checkpoint that failed. Once set, it stays set: the store refuses later events
 * and reports it ({@link FeedbackStore#failure()}), and reopening it, which replays the log from
 * the last checkpoint, recovers. Before, the store went on, and a failed doc-values write could
 * leave the chunk index's writer naming a file it had deleted.
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
   * Runs {@code work} on {@code writes}; a failure stops the store. Lucene's refusal of a writer
   * an earlier failure stopped ("this writer hit an unrecoverable error; cannot commit") is an
   * {@code IOException} naming {@code what} failed. An interrupt of the caller's wait is no
   * failure of the work.
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
