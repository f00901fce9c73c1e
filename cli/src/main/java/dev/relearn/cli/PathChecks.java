package dev.relearn.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks on paths a command will create, made before any slow work or any write. */
final class PathChecks {
  private PathChecks() {}

  /**
   * {@code path} itself if it exists, else its nearest existing parent (absolute), or null when
   * none exists: the place whose kind (file or folder) decides whether {@code path} can be made.
   */
  static Path nearestExisting(Path path) {
    for (Path p = path.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        return p;
      }
    }
    return null;
  }
}
