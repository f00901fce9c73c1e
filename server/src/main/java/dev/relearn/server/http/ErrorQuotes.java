package dev.relearn.server.http;

/**
 * Cuts what an error message quotes from a request (a path, a header, a field's value) to a
 * length fit for a message, saying how long it was: {@code aaaa… (100000 characters)}. Every
 * HTTP error and log line goes through it, so that a request cannot make its own answer or the
 * log as large as itself.
 */
final class ErrorQuotes {
  /** The most characters of a value quoted. */
  static final int MAX_QUOTE_CHARS = 100;
  /** The most characters of a whole error message (a last bound for messages from elsewhere). */
  static final int MAX_MESSAGE_CHARS = 1_000;

  private ErrorQuotes() {}

  /** {@code value}, or its first {@value #MAX_QUOTE_CHARS} characters and its length. */
  static String quote(String value) {
    return cut(value, MAX_QUOTE_CHARS);
  }

  /** {@code message}, or its first {@value #MAX_MESSAGE_CHARS} characters and its length. */
  static String message(String message) {
    return cut(message, MAX_MESSAGE_CHARS);
  }

  private static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
    return text.substring(0, end) + "… (" + text.length() + " characters)";
  }
}
