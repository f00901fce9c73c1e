package dev.relearn.server.text;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/**
 * Decodes client input as strict UTF-8 (RFC 3629), refusing overlong forms ({@code C0 AF}) and
 * encoded surrogates ({@code ED A0 80}), which Jackson's byte parser takes: bodies are decoded
 * here before they are parsed.
 */
public final class StrictUtf8 {
  private StrictUtf8() {}

  /**
   * {@code bytes} as text.
   *
   * @throws InvalidUtf8Exception naming the offset of the first byte that is not UTF-8
   */
  public static String decode(byte[] bytes) throws InvalidUtf8Exception {
    ByteBuffer in = ByteBuffer.wrap(bytes);
    try { // a new decoder reports malformed input; it stops at the first bad byte
      return StandardCharsets.UTF_8.newDecoder().decode(in).toString();
    } catch (CharacterCodingException e) {
      throw new InvalidUtf8Exception(in.position());
    }
  }

  /** Input that is not UTF-8; the message names the offset of its first bad byte. */
  public static final class InvalidUtf8Exception extends Exception {
    private static final long serialVersionUID = 1L;

    InvalidUtf8Exception(int offset) {
      super("not valid UTF-8 at byte offset " + offset);
    }
  }
}
