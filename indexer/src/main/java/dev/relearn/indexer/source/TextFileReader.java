package dev.relearn.indexer.source;

import dev.relearn.lucene.schema.Require;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Objects;

/** Reads a file as strict UTF-8 text, recognising binary, oversized and unreadable files. */
final class TextFileReader {
  /** Files larger than this are not indexed. */
  static final int MAX_BYTES = 4 * 1024 * 1024;
  /** A NUL byte within this many leading bytes marks a binary file. */
  static final int BINARY_PROBE_BYTES = 8 * 1024;

  private TextFileReader() {}

  /** What reading one file gave. */
  sealed interface Outcome {}

  /** The file's text, without a leading byte-order mark (when read from a file). */
  record Text(String content) implements Outcome {
    Text {
      Objects.requireNonNull(content, "content");
    }
  }

  /** A binary file: a NUL byte at {@code offset}. */
  record Binary(long offset) implements Outcome {
    Binary {
      Require.nonNegative("NUL offset", offset);
    }
  }

  /** The file cannot be indexed; {@code reason} names positions and causes, never content. */
  record Failed(String reason) implements Outcome {
    Failed {
      if (reason == null || reason.isBlank()) {
        throw new IllegalArgumentException("a failure needs a reason, got: '" + reason + "'");
      }
    }
  }

  static Outcome read(Path file, long knownSize) {
    if (knownSize > MAX_BYTES) {
      return tooLarge(knownSize);
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException e) {
      return new Failed("cannot read (" + reason(e) + ")");
    }
    if (bytes.length > MAX_BYTES) {
      return tooLarge(bytes.length);
    }
    String utf16 = utf16ByteOrderMark(bytes);
    if (utf16 != null) { // text, with NUL bytes: say so rather than skip it as binary
      return new Failed("UTF-16 text (byte order mark " + utf16 + "), not UTF-8; convert it,"
          + " e.g. with iconv -f UTF-16 -t UTF-8");
    }
    for (int i = 0; i < Math.min(bytes.length, BINARY_PROBE_BYTES); i++) {
      if (bytes[i] == 0) {
        return new Binary(i);
      }
    }
    Outcome decoded = decode(bytes, bytes.length);
    return decoded instanceof Text text && text.content().startsWith("\uFEFF")
        ? new Text(text.content().substring(1)) : decoded;
  }

  /** The UTF-16 byte order mark {@code bytes} start with, as hex, or null. */
  private static String utf16ByteOrderMark(byte[] bytes) {
    String start = bytes.length < 2 ? "" : HexFormat.ofDelimiter(" ").withUpperCase()
        .formatHex(bytes, 0, 2);
    return start.equals("FF FE") || start.equals("FE FF") ? start : null;
  }

  /** {@code bytes[0, length)} as strict UTF-8 {@link Text}, or {@link Failed} at a bad byte. */
  static Outcome decode(byte[] bytes, int length) {
    ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
    try {
      return new Text(StandardCharsets.UTF_8.newDecoder().decode(in).toString());
    } catch (CharacterCodingException e) { // the decoder stops at the bad byte
      return new Failed("invalid UTF-8 at byte " + in.position());
    }
  }

  private static Failed tooLarge(long size) {
    return new Failed("larger than 4 MiB (" + size + " bytes); skipped");
  }

  /** A short, content-free reason for an I/O failure. */
  static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no longer exists";
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
