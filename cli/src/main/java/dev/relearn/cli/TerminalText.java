package dev.relearn.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text from indexed files made safe for a terminal, against escape sequences: control characters
 * shown as {@code ?}, tabs and line breaks as spaces; in a chunk id, as escapes that {@link
 * #unescapeId} reads back ({@code \n}, {@code \u001b}).
 */
final class TerminalText {
  private static final Pattern ESCAPE = Pattern.compile("\\\\(?:([ntr])|u([0-9a-fA-F]{4}))");

  private TerminalText() {}

  /** {@code id} on one line, its control characters escaped; as it is when it has none. */
  static String id(String id) {
    StringBuilder escaped = new StringBuilder(id.length());
    for (char c : id.toCharArray()) {
      escaped.append(c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r"
          : Character.isISOControl(c) ? String.format(Locale.ROOT, "\\u%04x", (int) c)
          : String.valueOf(c));
    }
    return escaped.toString();
  }

  /** The id {@link #id} escaped as {@code shown}; {@code shown} when it holds no escape. */
  static String unescapeId(String shown) {
    return ESCAPE.matcher(shown).replaceAll(escape -> Matcher.quoteReplacement(String.valueOf(
        escape.group(1) == null ? (char) Integer.parseInt(escape.group(2), 16)
            : switch (escape.group(1)) {
              case "n" -> '\n';
              case "t" -> '\t';
              default -> '\r';
            })));
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
