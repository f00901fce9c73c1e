package dev.relearn.indexer.embed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;

/**
 * The vector cache files this JVM has open, by real path (the folder's symbolic links resolved;
 * a hard link or another mount of an open file is recognised by its inode), each with the number
 * of {@link VectorStore}s using it. A JVM's file locks are POSIX locks,
 * which closing any channel on the file releases, even one that never held them; so a store
 * opened on a file already open here shares its {@link VectorFile} (one channel, one lock), and
 * the file is closed, and its lock released, only when the last of them closes.
 */
final class OpenVectorFiles {
  /** A file open here and how many stores use it. */
  private static final class Entry {
    final VectorFile file;
    int users;

    Entry(VectorFile file) {
      this.file = file;
    }
  }

  private static final Map<Path, Entry> OPEN = new HashMap<>();

  private OpenVectorFiles() {}

  /**
   * The file of {@code modelId}'s vectors in {@code dir}, opened unless a store of this JVM has
   * it open already; counted as one more user until {@link #release}.
   *
   * @throws IOException naming the file when it belongs to another model or dimension, or the
   *     folder when it cannot be created or written
   */
  static synchronized VectorFile acquire(Path dir, String modelId, int dimension)
      throws IOException {
    Path file = VectorStore.fileIn(dir, modelId);
    Path key = VectorRecords.realFile(dir, file);
    Entry entry = OPEN.get(key);
    if (entry == null) {
      entry = underAnotherName(file);
    }
    if (entry == null) {
      entry = new Entry(VectorFile.open(dir, file, modelId, dimension));
      OPEN.put(key, entry);
    } else {
      entry.file.requireModel(modelId, dimension);
    }
    entry.users++;
    return entry.file;
  }

  /** The entry of the file open here that {@code file} names through a hard link or a mount. */
  private static Entry underAnotherName(Path file) throws IOException {
    Object id = fileKey(file);
    if (id != null) {
      for (Entry entry : OPEN.values()) {
        if (id.equals(fileKey(entry.file.file()))) {
          return entry;
        }
      }
    }
    return null;
  }

  /** The file system's identity of {@code file} (device and inode), or null if absent. */
  private static Object fileKey(Path file) throws IOException {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .fileKey();
    } catch (NoSuchFileException e) {
      return null; // not created yet, so not open
    }
  }

  /** One user of {@code file} is done with it; the last closes it. */
  static synchronized void release(VectorFile file) throws IOException {
    for (Map.Entry<Path, Entry> open : OPEN.entrySet()) {
      Entry entry = open.getValue();
      if (entry.file == file) {
        if (--entry.users > 0) {
          file.sync(); // what this user put is on disk, as if it had the file to itself
          return;
        }
        OPEN.remove(open.getKey()); // first: closed or not, the file is no longer usable
        file.close();
        return;
      }
    }
    throw new IllegalStateException("vector cache " + file.file() + " is not open");
  }

  /** How many stores of this JVM use the cache file {@code file}; 0 when it is not open. */
  static synchronized int users(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (!Files.isDirectory(parent)) {
      return 0;
    }
    Entry entry = OPEN.get(parent.toRealPath().resolve(file.getFileName()));
    return entry == null ? 0 : entry.users;
  }
}
