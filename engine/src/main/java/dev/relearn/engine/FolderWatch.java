package dev.relearn.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.stream.Stream;
import org.apache.lucene.index.SegmentInfos;

/**
 * Whether an open engine's folder is still there. Deleted or moved away under the engine ({@code
 * rm -rf}, {@code mv}), its open files go on for a while, but writes fail, and reopening the
 * writers after a failure ({@link PartsRecovery}) would create a new, empty index in its place.
 * Each call looks for the folder (one {@code stat}): gone too when the path now names another
 * folder ({@code rm -rf IDX && mkdir IDX}), told by its file key (device and inode on Unix; while
 * the engine holds files in the old folder, its inode is not reused). A failed call and a
 * recovery also look for its commit. Once gone, every call fails with {@link #exception}, which
 * names the folder and the way out; nothing is created there. Thread-safe.
 */
final class FolderWatch {
  private final Path dir;
  private final Object key;
  private volatile boolean gone;

  /** Watches {@code dir}, the engine's absolute folder, present at open. */
  FolderWatch(Path dir) {
    this.dir = dir;
    BasicFileAttributes attributes = attributes();
    this.key = attributes == null ? null : attributes.fileKey(); // null too where there is none
    this.gone = attributes == null; // gone already: the first call says so
  }

  /** Whether the folder is gone: a check found it so, or it is not there (the same one) now. */
  boolean gone() {
    if (!gone) {
      BasicFileAttributes now = attributes();
      if (now == null || !now.isDirectory() || !Objects.equals(key, now.fileKey())) {
        gone = true; // only ever set: a check that raced it must not undo it
      }
    }
    return gone;
  }

  /** The folder's attributes (one {@code stat}); null when it is not there or not readable. */
  private BasicFileAttributes attributes() {
    try {
      return Files.readAttributes(dir, BasicFileAttributes.class);
    } catch (IOException e) { // as Files.isDirectory reads it: a folder not there
      return null;
    }
  }

  /** @throws IOException saying the folder is gone, if it is (now or before) */
  void requirePresent() throws IOException {
    if (gone()) {
      throw exception(null);
    }
  }

  /**
   * Before writers are reopened from the folder's last commit: it must still hold one (not be
   * emptied or made again by someone else).
   *
   * @throws IOException saying the folder is gone, if it is
   */
  void requireCommit() throws IOException {
    if (!hasCommit()) {
      throw exception(null);
    }
  }

  /**
   * After a call failed with {@code failure}: if the folder is gone (or holds no commit), the
   * exception saying so, with {@code failure} as its cause; else null.
   */
  IOException explain(Exception failure) {
    if (failure instanceof IndexFolderGoneException said) { // from a call within the call
      return said;
    }
    return hasCommit() ? null : exception(failure);
  }

  /** Whether the folder is there and holds a commit; if not, it is gone from now on. */
  private boolean hasCommit() {
    if (gone()) {
      return false;
    }
    String[] names;
    try (Stream<Path> entries = Files.list(dir)) {
      names = entries.map(entry -> entry.getFileName().toString()).toArray(String[]::new);
    } catch (IOException e) { // gone since, or unreadable: then the call's failure says why
      return !gone();
    }
    if (SegmentInfos.getLastCommitGeneration(names) == -1) {
      gone = true;
    }
    return !gone;
  }

  /** That the folder is gone, and what to do. */
  private IOException exception(Exception cause) {
    return new IndexFolderGoneException("the index folder " + dir + " was deleted or moved while"
        + " relearn had it open; relearn does not create it again while open, so every call fails"
        + " from now on. Close relearn (restart relearn serve or mcp) and open it again: restore"
        + " the folder from a backup first to keep its chunks and feedback, or the open creates a"
        + " new, empty index there", cause);
  }

  /** That the folder is gone; its name is in the MCP server's tool errors. */
  private static final class IndexFolderGoneException extends IOException {
    IndexFolderGoneException(String message, Exception cause) {
      super(message, cause);
    }
  }
}
