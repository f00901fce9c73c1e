package dev.relearn.engine;

import java.nio.file.Path;

/**
 * Another process holds the index's write lock. relearn never deletes {@code write.lock}; open
 * the index read-only instead, or stop the other process.
 */
public final class IndexInUseException extends IllegalStateException {
  /** For the index at {@code dir}. */
  public IndexInUseException(Path dir, Throwable cause) {
    super("index in use by another process: " + dir + " (its write.lock is held; open it"
        + " read-only, or stop the other process)", cause);
  }
}
