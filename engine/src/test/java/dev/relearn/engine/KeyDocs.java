package dev.relearn.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Two small markdown files (keys and a cache) that engine tests index. */
final class KeyDocs {
  private KeyDocs() {}

  /** Writes the files into {@code tmp/docs} and returns that folder. */
  static Path write(Path tmp) throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\n## Rotate\nRotate signing keys every 90"
        + " days.\n## Revoke\nRevoke a leaked key at once.\n");
    Files.writeString(docs.resolve("cache.md"), "# Cache\nThe cache keeps 100 query vectors.\n");
    return docs;
  }
}
