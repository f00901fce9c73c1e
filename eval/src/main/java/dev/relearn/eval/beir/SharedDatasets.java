package dev.relearn.eval.beir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds the folder that holds the shared BEIR datasets ({@code scifact}, {@code nfcorpus},
 * {@code toollens}, ...): the system property {@value #PROPERTY}, which the build sets, or else
 * {@code ../shared/datasets} seen from the repository root or {@code ../../shared/datasets} seen
 * from a module folder (where Maven runs tests).
 */
public final class SharedDatasets {
  /** The system property naming the datasets folder. */
  public static final String PROPERTY = "relearn.datasets";

  private static final List<Path> FALLBACKS =
      List.of(Path.of("../shared/datasets"), Path.of("../../shared/datasets"));

  private SharedDatasets() {}

  /**
   * The datasets folder, absolute; throws, saying what was tried and how to fix it, when there is
   * none.
   */
  public static Path root() {
    String configured = System.getProperty(PROPERTY);
    if (configured != null && !configured.isBlank()) {
      Path root = Path.of(configured).toAbsolutePath().normalize();
      if (!Files.isDirectory(root)) {
        throw new IllegalStateException("system property " + PROPERTY + " is '" + configured
            + "', but " + root + " is not a folder; point it at the BEIR datasets folder");
      }
      return root;
    }
    for (Path fallback : FALLBACKS) {
      Path root = fallback.toAbsolutePath().normalize();
      if (Files.isDirectory(root)) {
        return root;
      }
    }
    throw new IllegalStateException("BEIR datasets not found: system property " + PROPERTY
        + " is not set and none of " + FALLBACKS.stream()
            .map(p -> p.toAbsolutePath().normalize().toString()).toList()
        + " is a folder; run with -D" + PROPERTY + "=/path/to/shared/datasets");
  }
}
