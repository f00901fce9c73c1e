package dev.relearn.lucene.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Restricts relearn's folders and files to their owner where the file system supports POSIX
 * permissions. A folder at {@code rwx------} already keeps others away from every file inside,
 * including segment files Lucene creates later; files are restricted too, for defence in depth.
 */
public final class OwnerOnly {
  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

  private OwnerOnly() {}

  /** Creates {@code folder} (and parents) if needed and restricts it and its files. */
  public static Path createFolder(Path folder) throws IOException {
    Files.createDirectories(folder);
    restrictTree(folder);
    return folder;
  }

  /** Sets {@code rw-------} on a file or {@code rwx------} on a folder. */
  public static void restrict(Path path) throws IOException {
    if (POSIX) {
      Files.setPosixFilePermissions(path,
          PosixFilePermissions.fromString(Files.isDirectory(path) ? "rwx------" : "rw-------"));
    }
  }

  /** Restricts {@code folder} and every regular file directly in it. */
  public static void restrictTree(Path folder) throws IOException {
    if (!POSIX) {
      return;
    }
    restrict(folder);
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, Files::isRegularFile)) {
      for (Path file : files) {
        try {
          restrict(file);
        } catch (NoSuchFileException e) {
          continue; // Lucene deleted an unreferenced file meanwhile: nothing left to protect
        }
      }
    }
  }
}
