package dev.relearn.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks {@code eval --run-out} before the evaluation runs, so a bad path loses no work. */
final class RunFile {
  private RunFile() {}

  /**
   * Fails unless {@code runOut} (when given) can be written: it is not a folder, and the nearest
   * of its parent folders that exists is a folder (missing ones are created when it is written).
   */
  static void requireWritable(Path runOut) {
    if (runOut == null) {
      return;
    }
    if (Files.isDirectory(runOut)) {
      throw new IllegalArgumentException("--run-out " + runOut + " is a folder, not a file");
    }
    Path parent = runOut.toAbsolutePath().normalize().getParent();
    Path existing = parent == null ? null : PathChecks.nearestExisting(parent);
    if (existing == null) {
      return;
    }
    if (!Files.isDirectory(existing)) {
      throw new IllegalArgumentException("--run-out " + runOut + ": " + existing
          + " is a file, not a folder");
    }
    if (!Files.isWritable(existing)) {
      throw new IllegalArgumentException("--run-out " + runOut + ": folder " + existing
          + " is not writable");
    }
  }
}
