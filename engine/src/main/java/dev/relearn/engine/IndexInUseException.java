package dev.relearn.engine;

import java.nio.file.Path;

/**
 * Another engine holds the index's write lock: another process, or another read-write {@link
 * Relearn} in this process (the message says which, and names the holder when it can). relearn
 * never deletes {@code write.lock}; open the index read-only, or close the other engine.
 */
public final class IndexInUseException extends IllegalStateException {
  private final IndexHolder holder;

  /**
   * For the index at {@code dir}, held by {@code holder} (null when unknown); {@code cause} is
   * Lucene's failure to take the lock.
   */
  public IndexInUseException(Path dir, IndexHolder holder, Throwable cause) {
    super(heldInThisProcess(cause)
        ? "index already open read-write in this process: " + dir + " (another Relearn holds its"
            + " write.lock; share that engine, close it first, or open this one read-only)"
        : "index in use by another process: " + dir + " (" + heldBy(holder) + "its write.lock"
            + " is held; open it read-only, or stop the other process)", cause);
    this.holder = holder;
  }

  /** Who holds the lock, as the message names it, or null when it could not be told. */
  public IndexHolder holder() {
    return holder;
  }

  private static String heldBy(IndexHolder holder) {
    return holder == null ? "" : "held by " + holder + ": ";
  }

  /** Lucene's native lock factory says when the lock is held by this very JVM. */
  private static boolean heldInThisProcess(Throwable cause) {
    return cause != null && cause.getMessage() != null
        && cause.getMessage().startsWith("Lock held by this virtual machine");
  }
}
