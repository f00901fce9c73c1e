package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.ChunkKind;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A file found by a folder walk, to be read and chunked.
 *
 * @param file where it is
 * @param relativePath its path relative to the walked folder, {@code /}-separated
 * @param kind which chunker cuts it
 * @param size its size in bytes when it was found
 */
record SourceFile(Path file, String relativePath, ChunkKind kind, long size) {

  SourceFile {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(relativePath, "relativePath");
    Objects.requireNonNull(kind, "kind");
    if (size < 0) {
      throw new IllegalArgumentException("size must be >= 0, got: " + size + " for " + file);
    }
  }
}
