package dev.relearn.cli;

/**
 * Text from indexed files made safe for a terminal: file names, headings and documents may be
 * anyone's, and an escape sequence in them could retitle the window, rewrite the screen or set the
 * clipboard. Control characters are shown as {@code ?}, tabs and line breaks as spaces.
 */
final class TerminalText {
  private TerminalText() {}

  /** {@code text} on one line, without control characters. */
  static String safe(String text) {
    StringBuilder safe = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      safe.append(c == '\t' || c == '\n' || c == '\r' ? ' '
          : Character.isISOControl(c) ? '?' : c);
    }
    return safe.toString();
  }
}
