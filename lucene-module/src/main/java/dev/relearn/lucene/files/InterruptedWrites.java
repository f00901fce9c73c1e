package dev.relearn.lucene.files;

import java.nio.channels.ClosedByInterruptException;
import org.apache.lucene.store.AlreadyClosedException;

/**
 * Tells a write that failed because a thread was interrupted. Java closes a file channel when
 * the thread using it is interrupted; for Lucene that can be the channel holding an index's write
 * lock, and the lock is then lost for good ("FileLock invalidated by an external force"): every
 * later write of that writer fails until the index is reopened. {@link IoThreads} keeps relearn's
 * writes off threads that callers may interrupt; should one still happen, messages name this
 * cause instead of Lucene's internals or a bare "null" (a {@link ClosedByInterruptException} has
 * no message).
 */
public final class InterruptedWrites {
  /** What happened, for a message. */
  public static final String CAUSE = "a thread was interrupted during one of its writes, and"
      + " Java closes the files a thread uses when it is interrupted (here the index's write"
      + " lock)";
  /** What to do, for a message. */
  public static final String WAY_OUT = "reopen the index (restart relearn); relearn writes on"
      + " threads of its own (IoThreads) so that this cannot happen: please report how it did";

  private InterruptedWrites() {}

  /** Whether {@code failure} or a cause of it is a channel an interrupt closed, or a lost lock. */
  public static boolean causedBy(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ClosedByInterruptException || t instanceof AlreadyClosedException
          && t.getMessage() != null && t.getMessage().startsWith("FileLock invalidated")) {
        return true;
      }
    }
    return false;
  }
}
