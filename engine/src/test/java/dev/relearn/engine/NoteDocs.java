package dev.relearn.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** Forty one-line markdown notes sharing a keyword, each on one of five random topics. */
final class NoteDocs {
  /** How many notes {@link #write} writes. */
  static final int COUNT = 40;

  private NoteDocs() {}

  /** Writes the notes into {@code tmp/docs}, topics drawn from {@code random}; returns it. */
  static Path write(Path tmp, Random random) throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < COUNT; i++) {
      Files.writeString(docs.resolve("note" + i + ".md"), "# Note " + i + "\nshared keyword "
          + "topic" + random.nextInt(5) + " body " + i + "\n");
    }
    return docs;
  }
}
