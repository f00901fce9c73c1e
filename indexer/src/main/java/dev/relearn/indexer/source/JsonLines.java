package dev.relearn.indexer.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * Streams the JSON objects of a JSONL file ({@code .gz} compressed or not), one per line. Blank
 * lines are skipped; lines that are not UTF-8, not JSON or not an object, or that repeat a field
 * name (which value counts would be a guess), are reported by line number with a content-free
 * reason.
 */
final class JsonLines {
  /** The shared, thread-safe mapper for every JSONL source. */
  static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  private JsonLines() {}

  /** Receives one object with its 1-based line number. */
  @FunctionalInterface
  interface Handler {
    void accept(long line, ObjectNode object);
  }

  /**
   * Reads {@code file}, passing each object to {@code handler}.
   *
   * @param display the file's name in problems
   * @throws IOException when the file cannot be opened or read, or its compression is broken
   */
  static void read(Path file, String display, Handler handler,
      Consumer<SourceProblem> problems) throws IOException {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    try (InputStream in = open(file)) {
      ByteLineReader lines = new ByteLineReader(in, MAX_LINE_BYTES);
      while (lines.next()) {
        long number = lines.number();
        if (lines.truncated()) {
          problems.accept(new SourceProblem(display, number, "line longer than 16 MiB; skipped"));
          continue;
        }
        String text;
        try {
          text = decoder.decode(ByteBuffer.wrap(lines.bytes(), 0, lines.length())).toString();
        } catch (CharacterCodingException e) {
          problems.accept(new SourceProblem(display, number,
              "invalid UTF-8 at byte " + firstBadByte(lines.bytes(), lines.length())));
          continue;
        }
        if (number == 1 && text.startsWith("\uFEFF")) {
          text = text.substring(1);
        }
        if (!text.isBlank()) {
          parse(text, display, number, handler, problems);
        }
      }
    } catch (IOException e) {
      throw new IOException("cannot read " + file + ": " + TextFileReader.reason(e), e);
    }
  }

  private static void parse(String text, String display, long number, Handler handler,
      Consumer<SourceProblem> problems) {
    JsonNode node;
    try {
      node = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      problems.accept(new SourceProblem(display, number,
          "not valid JSON (" + JsonSyntaxProblem.describe(e) + ")"));
      return;
    }
    if (node instanceof ObjectNode object) {
      handler.accept(number, object);
    } else {
      problems.accept(new SourceProblem(display, number, "not a JSON object (found "
          + node.getNodeType().name().toLowerCase(Locale.ROOT) + ")"));
    }
  }

  private static int firstBadByte(byte[] bytes, int length) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
    decoder.decode(in, CharBuffer.allocate(length + 1), true);
    return in.position();
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
