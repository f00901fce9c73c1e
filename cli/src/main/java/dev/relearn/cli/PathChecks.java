package dev.relearn.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.TypeConversionException;

/**
 * Checks on the paths a command is given and those it will create, made before any slow work or
 * any write.
 */
final class PathChecks {
  private PathChecks() {}

  /**
   * The converter of every path option and argument: {@code Path.of("")} is the working folder,
   * so an empty value (a variable that expanded to nothing, as in {@code relearn index "$DIR"})
   * would index, remove or write there. An empty or blank value is refused instead; picocli
   * turns that into a usage error (exit code 2) naming the option or argument.
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
