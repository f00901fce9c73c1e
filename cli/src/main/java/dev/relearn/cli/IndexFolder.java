package dev.relearn.cli;

import dev.relearn.engine.IndexFolderCheck;
import dev.relearn.engine.NotAnIndexFolderException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Checks an {@code --index} folder before a command opens it, writing nothing: only {@code index},
 * {@code demo}, {@code eval} (and {@code eval learn}) and {@code bench} may create an index; every
 * other command needs one that exists. "An index exists" is decided as the engine does: the folder
 * holds a Lucene commit ({@link DirectoryReader#indexExists}). Creating one in a folder of other
 * files is refused by the engine ({@link IndexFolderCheck}), so that advice is not given there.
 */
final class IndexFolder {
  private IndexFolder() {}

  /**
   * Fails unless {@code index} holds an index.
   *
   * @throws IllegalArgumentException naming the folder and the command that creates an index
   */
  static void requireExisting(Path index) throws IOException {
    Path folder = requireCreatable(index);
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException(noIndex(folder, " (no such folder)"));
    }
    boolean exists;
    try (Directory directory = FSDirectory.open(folder)) {
      exists = DirectoryReader.indexExists(directory);
    }
    if (!exists) {
      try {
        IndexFolderCheck.requireUsable(folder);
      } catch (NotAnIndexFolderException e) { // "create one there" would be refused
        throw new IllegalArgumentException("no relearn index at " + folder + ", which "
            + e.reason() + "; give --index the folder of a relearn index, or create one in a new"
            + " folder with: relearn index --index NEW_DIR PATH", e);
      }
      throw new IllegalArgumentException(noIndex(folder, ""));
    }
  }

  /**
   * Fails if {@code index}, or the nearest of its parents that exists, is a file rather than a
   * folder; returns the folder, absolute.
   */
  static Path requireCreatable(Path index) {
    Path folder = index.toAbsolutePath().normalize();
    Path existing = PathChecks.nearestExisting(folder);
    if (existing != null && !Files.isDirectory(existing)) {
      throw new IllegalArgumentException("--index " + index + (existing.equals(folder) ? ""
          : ": " + existing) + " is a file, not a folder");
    }
    return folder;
  }

  private static String noIndex(Path folder, String why) {
    return "no relearn index at " + folder + why + "; create one with: relearn index --index "
        + folder + " PATH";
  }
}
