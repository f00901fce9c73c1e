package dev.relearn.cli;

import dev.relearn.engine.IndexFolderCheck;
import dev.relearn.engine.NotAnIndexFolderException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.TypeConversionException;

/**
 * Checks on the paths a command is given, before any slow work or write. Only {@code index},
 * {@code demo}, {@code eval} and {@code bench} may create an index; the others need a folder
 * holding a Lucene commit ({@link DirectoryReader#indexExists}).
 */
final class PathChecks {
  private PathChecks() {}

  /**
   * The converter of every path: an empty or blank value (as {@code "$DIR"} unset) is a usage
   * error, not the working folder that {@code Path.of("")} would be.
   */
  static Path nonEmpty(String value) {
    if (value.isBlank()) {
      throw new TypeConversionException("'" + value + "' is " + (value.isEmpty() ? "an empty"
          : "a blank") + " path; give a file or folder (. for the current folder)");
    }
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new TypeConversionException("'" + value + "' is not a path: " + e.getReason());
    }
  }

  /** Fails unless {@code index} holds an index, naming the command that creates one. */
  static void requireIndex(Path index) throws IOException {
    Path folder = requireFolder(index);
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException(noIndex(folder, " (no such folder)"));
    }
    try (Directory directory = FSDirectory.open(folder)) {
      if (DirectoryReader.indexExists(directory)) {
        return;
      }
    }
    try {
      IndexFolderCheck.requireUsable(folder);
    } catch (NotAnIndexFolderException e) { // "create one there" would be refused
      throw new IllegalArgumentException("no relearn index at " + folder + ", which "
          + e.reason() + "; give --index the folder of a relearn index, or create one in a new"
          + " folder with: relearn index --index NEW_DIR PATH", e);
    }
    throw new IllegalArgumentException(noIndex(folder, ""));
  }

  private static String noIndex(Path folder, String why) {
    return "no relearn index at " + folder + why + "; create one with: relearn index --index "
        + folder + " PATH";
  }

  /** {@code index}, absolute, unless it or its nearest existing parent is a file. */
  static Path requireFolder(Path index) {
    Path folder = index.toAbsolutePath().normalize();
    Path existing = nearestExisting(folder);
    if (existing != null && !Files.isDirectory(existing)) {
      throw new IllegalArgumentException("--index " + index + (existing.equals(folder) ? ""
          : ": " + existing) + " is a file, not a folder");
    }
    return folder;
  }

  /** Fails unless {@code file}, given by {@code option}, is an existing file. */
  static void requireFile(String option, Path file) {
    if (!Files.exists(file)) {
      throw new IllegalArgumentException(option + " " + file + ": no such file");
    }
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(option + " " + file + " is a folder, not a file");
    }
  }

  /**
   * Fails unless {@code file}, if given by {@code option}, can be written: not a folder, and its
   * nearest existing parent a writable folder. Checked before the work, so a bad path loses none.
   */
  static void requireWritable(String option, Path file) {
    if (file == null) {
      return;
    }
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(option + " " + file + " is a folder, not a file");
    }
    Path existing = nearestExisting(file.toAbsolutePath().normalize().getParent());
    if (existing != null && !Files.isDirectory(existing)) {
      throw new IllegalArgumentException(option + " " + file + ": " + existing
          + " is a file, not a folder");
    }
    if (existing != null && !Files.isWritable(existing)) {
      throw new IllegalArgumentException(option + " " + file + ": folder " + existing
          + " is not writable");
    }
  }

  /** {@code path} or its nearest existing parent, absolute; null for none. */
  private static Path nearestExisting(Path path) {
    for (Path p = path == null ? null : path.toAbsolutePath().normalize(); p != null;
        p = p.getParent()) {
      if (Files.exists(p)) {
        return p;
      }
    }
    return null;
  }
}
