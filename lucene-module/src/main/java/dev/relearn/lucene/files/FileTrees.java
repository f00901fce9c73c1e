package dev.relearn.lucene.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Deletes a folder with everything in it: what a failed open or a benchmark created. */
public final class FileTrees {
  private FileTrees() {}

  /** Deletes {@code root} and everything under it, deepest first; nothing when it is gone. */
  public static void delete(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(root)) {
      paths = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path path : paths) {
      Files.deleteIfExists(path);
    }
  }
}
