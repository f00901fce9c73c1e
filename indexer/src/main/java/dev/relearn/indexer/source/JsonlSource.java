package dev.relearn.indexer.source;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.indexer.chunk.TokenEstimator;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A JSONL file ({@code .gz} allowed) of records, each kept whole as one chunk. Fields: {@code id}
 * (or {@code _id}) and {@code text} are required; {@code title}, {@code path} (default: the id),
 * {@code kind} (a {@link ChunkKind} label, default {@code record}), {@code heading_path} (array of
 * strings) and {@code start_line}/{@code end_line} (default 0) are optional. The record's id is the
 * chunk id. Bad lines and repeated ids are reported by line number and skipped.
 */
public final class JsonlSource implements ChunkSource {
  private final Path file;

  /**
   * A source for {@code file}.
   *
   * @throws IllegalArgumentException naming {@code file} when it is missing or a folder
   */
  public JsonlSource(Path file) {
    Objects.requireNonNull(file, "file");
    this.file = file.toAbsolutePath().normalize();
    if (!Files.isRegularFile(this.file)) {
      throw new IllegalArgumentException(Files.isDirectory(this.file)
          ? "a JSONL source must be a file, not a folder: " + file
          : Sources.missing(file));
    }
  }

  @Override
  public String origin() {
    return file.toString();
  }

  @Override
  public void read(Consumer<Chunk> chunks, Consumer<SourceProblem> problems) throws IOException {
    JsonLines.read(file, file.getFileName().toString(), this::toChunk, chunks, problems);
  }

  private Chunk toChunk(ObjectNode object) throws BadRecordException {
    RecordFields fields = new RecordFields(object);
    String id = fields.id("id", "_id");
    String title = fields.optionalString("title", "");
    String text = fields.text(title);
    String path = RecordFields.indexable("path", fields.optionalString("path", id));
    if (path.isBlank()) {
      throw new BadRecordException("\"path\" is blank");
    }
    ChunkKind kind = fields.kind(ChunkKind.RECORD);
    List<String> headingPath = fields.stringList("heading_path");
    int start = fields.lineNumber("start_line", 0);
    int end = fields.lineNumber("end_line", start);
    if (end < start) {
      throw new BadRecordException("\"end_line\" " + end + " is before \"start_line\" " + start);
    }
    return new Chunk(id, origin(), path, kind, title, headingPath, start, end,
        TokenEstimator.estimate(text), text);
  }
}
