package dev.relearn.indexer.source;

/**
 * A folder (not a part of one) in which a walk found nothing to index. For a folder the index has
 * never held this is an error, most likely a wrong path, and the message says what the walk
 * skipped; for one it holds, it means every file is gone, ignored or unreadable now, so the index
 * builder deletes the folder's chunks instead.
 */
public final class EmptyFolderException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** An empty folder, described by {@code message}. */
  public EmptyFolderException(String message) {
    super(message);
  }
}
