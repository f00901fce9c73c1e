package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.Require;
import java.util.Objects;

/**
 * A file or line that could not be indexed. Messages name positions and reasons only, never the
 * content of the file.
 *
 * @param path the file, relative to the source's origin where there is one
 * @param line the 1-based line, or 0 when the problem is not about one line
 * @param message why, e.g. {@code "invalid UTF-8 at byte 120"}
 */
public record SourceProblem(String path, long line, String message) {

  /** Rejects null fields, a blank message and a negative line. */
  public SourceProblem {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(message, "message");
    Require.nonNegative("line", line);
    if (message.isBlank()) {
      throw new IllegalArgumentException("problem message must not be blank (path: " + path + ")");
    }
  }

  /** {@code path: message}, or {@code path:line: message} for a line. */
  @Override
  public String toString() {
    return line == 0 ? path + ": " + message : path + ":" + line + ": " + message;
  }
}
