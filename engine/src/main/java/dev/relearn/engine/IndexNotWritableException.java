package dev.relearn.engine;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A read-write open was denied writing a file of the index folder (its {@code write.lock}, say):
 * the folder belongs to another user or is on a read-only file system. An existing index can be
 * opened read-only instead ({@link RelearnOptions#withReadOnly}), as {@link
 * AsyncRelearn#openPreferWritable} and the command line do.
 */
public final class IndexNotWritableException extends AccessDeniedException {
  private final Path dir;

  /** For the index folder {@code dir}, whose file {@code denied} could not be written. */
  public IndexNotWritableException(Path dir, AccessDeniedException denied) {
    super(denied.getFile(), null, Files.isDirectory(dir) ? "cannot write to the index folder "
        + dir + " (permission denied: " + denied.getFile() + "); open it read-only, or as a user"
        + " who may write it" : "cannot create the index folder " + dir + " (permission denied: "
        + denied.getFile() + ")");
    this.dir = dir;
    initCause(denied);
  }

  /** The sentence alone, without the file name in front that a file-system exception puts. */
  @Override
  public String getMessage() {
    return getReason();
  }

  /** The index folder. */
  public Path dir() {
    return dir;
  }

  /**
   * Whether {@code denied} is about a file in {@code folder} (or the folder itself), not one
   * elsewhere, such as a file being indexed.
   */
  static boolean within(AccessDeniedException denied, Path folder) {
    return denied.getFile() != null
        && Path.of(denied.getFile()).toAbsolutePath().normalize().startsWith(folder);
  }
}
