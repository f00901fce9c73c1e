package dev.relearn.cli;

/**
 * Text from indexed files made safe for a terminal: file names, headings and documents may be
 * anyone's, and an escape sequence in them could retitle the window, rewrite the screen or set the
 * clipboard. Control characters are shown as {@code ?}, tabs and line breaks as spaces; in a chunk
 * id, which a user copies into {@code feedback --used}, as escapes that {@link #unescapeId} reads
 * back ({@code \n}, {@code \t}, {@code \r}, {@code \u001b}).
 */
final class TerminalText {
  private TerminalText() {}

  /** {@code id} on one line, its control characters escaped; as it is when it has none. */
  static String id(String id) {
    if (id.chars().noneMatch(Character::isISOControl)) {
      return id;
    }
    StringBuilder escaped = new StringBuilder(id.length() + 8);
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      switch (c) {
        case '\n' -> escaped.append("\\n");
        case '\t' -> escaped.append("\\t");
        case '\r' -> escaped.append("\\r");
        default -> escaped.append(Character.isISOControl(c)
            ? String.format(java.util.Locale.ROOT, "\\u%04x", (int) c) : c);
      }
    }
    return escaped.toString();
  }

  /** The id {@link #id} escaped as {@code shown}; {@code shown} when it holds no escape. */
  static String unescapeId(String shown) {
    StringBuilder id = new StringBuilder(shown.length());
    for (int i = 0; i < shown.length(); i++) {
      char c = shown.charAt(i);
      char next = i + 1 < shown.length() ? shown.charAt(i + 1) : 0;
      if (c == '\\' && (next == 'n' || next == 't' || next == 'r')) {
        id.append(next == 'n' ? '\n' : next == 't' ? '\t' : '\r');
        i++;
      } else if (c == '\\' && next == 'u' && i + 6 <= shown.length()
          && shown.substring(i + 2, i + 6).matches("[0-9a-fA-F]{4}")) {
        id.append((char) Integer.parseInt(shown.substring(i + 2, i + 6), 16));
        i += 5;
      } else {
        id.append(c);
      }
    }
    return id.toString();
  }

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
