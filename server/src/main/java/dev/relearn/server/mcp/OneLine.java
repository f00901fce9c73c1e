package dev.relearn.server.mcp;

import java.util.Locale;

/**
 * A path, heading or chunk id within a line of a tool's text summary. A file's name (or a
 * record's) may hold a line break or another control character, which split the line and the id
 * an agent reads from it; such a value is shown as a JSON string (quoted, escaped), which the
 * agent passes back unchanged as a tool argument. Other values are shown as they are.
 */
final class OneLine {
  private OneLine() {}

  /** {@code value} as it is, or as a JSON string when it holds a control or line character. */
  static String quote(String value) {
    if (!value.startsWith("\"") && value.chars().noneMatch(OneLine::breaks)) {
      return value;
    }
    StringBuilder quoted = new StringBuilder(value.length() + 8).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        case '\n' -> quoted.append("\\n");
        case '\r' -> quoted.append("\\r");
        case '\t' -> quoted.append("\\t");
        default -> quoted.append(breaks(c) ? String.format(Locale.ROOT, "\\u%04x", (int) c) : c);
      }
    }
    return quoted.append('"').toString();
  }

  /** Whether {@code c} is a control character or a Unicode line or paragraph separator. */
  private static boolean breaks(int c) {
    return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
  }
}
