package dev.relearn.indexer.source;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Turns the objects of a JSONL file into chunks, one per line, with a format-specific mapping.
 * Bad records and repeated ids are reported by line; the first record with an id is kept.
 */
final class RecordReader {

  /** Maps one JSON object to one chunk. */
  @FunctionalInterface
  interface Mapping {
    Chunk toChunk(ObjectNode object) throws BadRecordException;
  }

  private RecordReader() {}

  static void read(Path file, String display, Mapping mapping, Consumer<Chunk> chunks,
      Consumer<SourceProblem> problems) throws IOException {
    Map<String, Long> firstLines = new HashMap<>();
    JsonLines.read(file, display, (line, object) -> {
      Chunk chunk;
      try {
        chunk = mapping.toChunk(object);
      } catch (BadRecordException e) {
        problems.accept(new SourceProblem(display, line, e.getMessage()));
        return;
      }
      Long first = firstLines.putIfAbsent(chunk.id(), line);
      if (first != null) {
        problems.accept(new SourceProblem(display, line,
            "duplicate id (first seen on line " + first + "); skipped"));
        return;
      }
      chunks.accept(chunk);
    }, problems);
  }
}
