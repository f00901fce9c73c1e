package dev.relearn.server.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes client input as strict UTF-8 (RFC 3629): the JDK's decoder with {@link
 * CodingErrorAction#REPORT}, which refuses what lenient decoders let through, such as overlong
 * forms ({@code C0 AF} for {@code /}) and encoded surrogates ({@code ED A0 80}, CESU-8). Jackson's
 * byte parser takes both, so bodies are decoded here before they are parsed.
 */
public final class StrictUtf8 {
  private StrictUtf8() {}

  /**
   * {@code bytes[0, length)} as text.
   *
   * @throws InvalidUtf8Exception naming the offset of the first byte that is not UTF-8
   */
  public static String decode(byte[] bytes, int length) throws InvalidUtf8Exception {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
    CharBuffer out = CharBuffer.allocate(length); // UTF-8 never decodes to more chars than bytes
    CoderResult result = decoder.decode(in, out, true);
    if (result.isError()) {
      throw new InvalidUtf8Exception(in.position());
    }
    result = decoder.flush(out);
    if (result.isError()) {
      throw new InvalidUtf8Exception(in.position());
    }
    return out.flip().toString();
  }

  /** Input that is not UTF-8, with the offset of its first bad byte. */
  public static final class InvalidUtf8Exception extends Exception {
    private static final long serialVersionUID = 1L;
    private final int offset;

    InvalidUtf8Exception(int offset) {
      super("not valid UTF-8 at byte offset " + offset);
      this.offset = offset;
    }

    /** The 0-based offset of the first byte that is not UTF-8. */
    public int offset() {
      return offset;
    }
  }
}
