package dev.relearn.indexer.embed;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Restricts files relearn creates to their owner, where the file system supports it. */
public final class OwnerOnly {
  private OwnerOnly() {}

  /** Sets {@code rw-------} (files) or {@code rwx------} (folders) on POSIX file systems. */
  public static void restrict(Path path) throws IOException {
    if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    String mode = Files.isDirectory(path) ? "rwx------" : "rw-------";
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
  }
}
