package dev.relearn.engine;

import java.nio.file.Path;

/**
 * {@link Relearn#open} was given, read-write, a folder neither empty nor a relearn index (a typo
 * such as {@code --index ~} would fill a home folder with index files). Nothing was changed.
 */
public final class NotAnIndexFolderException extends IllegalArgumentException {
  private final transient Path folder;
  private final String reason;

  /**
   * For {@code folder}, absolute; {@code why} says what it holds instead of an index, such as
   * {@code "is not empty and is not a relearn index (it holds notes.txt)"}.
   */
  public NotAnIndexFolderException(Path folder, String why) {
    super(folder + " " + why + "; relearn creates an index only in a new or empty folder, so"
        + " that a mistyped folder is never filled with index files. Give a new folder (such as "
        + folder.resolve(".relearn") + ") or the folder of an existing relearn index");
    this.folder = folder;
    this.reason = why;
  }

  /** The folder that was refused. */
  public Path folder() {
    return folder;
  }

  /** What the folder holds instead of an index, as the message says it after the folder. */
  public String reason() {
    return reason;
  }
}
