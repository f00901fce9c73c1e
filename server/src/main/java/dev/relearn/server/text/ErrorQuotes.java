package dev.relearn.server.text;

/**
 * Cuts what an error message quotes from a client (a path, a header, a field's or an argument's
 * value) to a length fit for a message, saying how long it was: {@code aaaa… (100000
 * characters)}. Every HTTP error, MCP tool error and server log line goes through it, so that a
 * request cannot make its own answer or the log as large as itself. Lengths are counted in code
 * points, as the request limits and JSON Schema count them.
 */
public final class ErrorQuotes {
  /** The most characters of a value quoted. */
  public static final int MAX_QUOTE_CHARS = 100;
  /** The most characters of a whole error message (a last bound for messages from elsewhere). */
  public static final int MAX_MESSAGE_CHARS = 1_000;

  private ErrorQuotes() {}

  /** {@code value}, or its first {@value #MAX_QUOTE_CHARS} characters and its length. */
  public static String quote(String value) {
    return cut(value, MAX_QUOTE_CHARS);
  }

  /**
   * {@code message}, or its start and its length, {@value #MAX_MESSAGE_CHARS} characters in all
   * (the bound HTTP.md and MCP.md state).
   */
  public static String message(String message) {
    int length = message.codePointCount(0, message.length());
    return length <= MAX_MESSAGE_CHARS ? message
        : cut(message, MAX_MESSAGE_CHARS - lengthNote(length).length());
  }

  /** {@code text}, or its first {@code max} code points and {@link #lengthNote}. */
  private static String cut(String text, int max) {
    int length = text.codePointCount(0, text.length());
    if (length <= max) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, max)) + lengthNote(length);
  }

  private static String lengthNote(int length) {
    return "… (" + length + " characters)";
  }
}
