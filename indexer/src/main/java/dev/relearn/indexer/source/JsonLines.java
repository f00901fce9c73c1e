package dev.relearn.indexer.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.lucene.schema.Chunk;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * Turns the JSON objects of a JSONL file ({@code .gz} compressed or not), one per line, into
 * chunks with a format-specific mapping. Blank lines are skipped; lines that are not UTF-8, not
 * JSON or not an object, or that repeat a field name (which value counts would be a guess), bad
 * records and repeated ids are reported by line number with a content-free reason; the first
 * record with an id is kept. Lines are split at {@code \n} (a {@code \r} before it dropped) as
 * bytes, holding one line at a time.
 */
final class JsonLines {
  /** The shared, thread-safe mapper for every JSONL source. */
  static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  /** Maps one JSON object to one chunk. */
  @FunctionalInterface
  interface Mapping {
    Chunk toChunk(ObjectNode object) throws BadRecordException;
  }

  private final InputStream in;
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private int limit;
  private byte[] line = new byte[256];
  private int length;
  private boolean truncated;

  private JsonLines(InputStream in) {
    this.in = in;
  }

  /**
   * Reads {@code file}, passing each record's chunk to {@code chunks}.
   *
   * @param display the file's name in problems
   * @throws IOException when the file cannot be opened or read, or its compression is broken
   */
  static void read(Path file, String display, Mapping mapping, Consumer<Chunk> chunks,
      Consumer<SourceProblem> problems) throws IOException {
    Map<String, Long> firstLines = new HashMap<>();
    try (InputStream in = open(file)) {
      JsonLines lines = new JsonLines(in);
      for (long number = 1; lines.next(); number++) {
        try {
          ObjectNode object = lines.object(number == 1);
          Chunk chunk = object == null ? null : mapping.toChunk(object);
          Long first = chunk == null ? null : firstLines.putIfAbsent(chunk.id(), number);
          if (first != null) {
            throw new BadRecordException("duplicate id (first seen on line " + first
                + "); skipped");
          } else if (chunk != null) {
            chunks.accept(chunk);
          }
        } catch (BadRecordException e) {
          problems.accept(new SourceProblem(display, number, e.getMessage()));
        }
      }
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + TextFileReader.reason(e), e);
    }
  }

  /** The current line's object, or null when it is blank. */
  private ObjectNode object(boolean firstLine) throws BadRecordException {
    if (truncated) {
      throw new BadRecordException("line longer than 16 MiB; skipped");
    }
    TextFileReader.Outcome decoded = TextFileReader.decode(line, length);
    if (decoded instanceof TextFileReader.Failed failed) {
      throw new BadRecordException(failed.reason());
    }
    String json = ((TextFileReader.Text) decoded).content();
    json = firstLine && json.startsWith("\uFEFF") ? json.substring(1) : json;
    if (json.isBlank()) {
      return null;
    }
    JsonNode node;
    try {
      node = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new BadRecordException("not valid JSON (" + JsonSyntaxProblem.describe(e) + ")");
    }
    if (node instanceof ObjectNode object) {
      return object;
    }
    throw new BadRecordException("not a JSON object (found "
        + node.getNodeType().name().toLowerCase(Locale.ROOT) + ")");
  }

  /** Reads the next line into {@link #line}; false at the end of the stream. */
  private boolean next() throws IOException {
    if (limit < 0) {
      return false;
    }
    length = 0;
    truncated = false;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit <= 0) {
          limit = -1;
          return (length > 0 || truncated) && trimCarriageReturn();
        }
      }
      int newline = position;
      while (newline < limit && buffer[newline] != '\n') {
        newline++;
      }
      int count = Math.min(newline - position, MAX_LINE_BYTES - length);
      truncated |= count < newline - position;
      if (length + count > line.length) {
        line = Arrays.copyOf(line, Math.max(length + count, line.length * 2));
      }
      System.arraycopy(buffer, position, line, length, count);
      length += count;
      position = Math.min(newline + 1, limit);
      if (newline < limit) {
        return trimCarriageReturn();
      }
    }
  }

  private boolean trimCarriageReturn() {
    if (!truncated && length > 0 && line[length - 1] == '\r') {
      length--;
    }
    return true;
  }

  private static InputStream open(Path file) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")) {
      try {
        return new GZIPInputStream(raw, 1 << 16);
      } catch (IOException e) {
        raw.close();
        throw e;
      }
    }
    return raw;
  }
}
