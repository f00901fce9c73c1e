package dev.relearn.indexer.chunk;

/**
 * An ATX heading line ({@code #} to {@code ######}).
 *
 * @param level 1 to 6
 * @param text the heading text without the marker and any closing {@code #} sequence
 */
record MarkdownHeading(int level, String text) {

  MarkdownHeading {
    if (level < 1 || level > 6) {
      throw new IllegalArgumentException("heading level must be 1 to 6, got: " + level);
    }
  }

  /** The heading on {@code line}, or null when it is not an ATX heading. */
  static MarkdownHeading parse(String line) {
    int i = leadingSpaces(line);
    if (i > 3) {
      return null;
    }
    int level = 0;
    while (i < line.length() && line.charAt(i) == '#') {
      level++;
      i++;
    }
    if (level < 1 || level > 6 || (i < line.length() && line.charAt(i) != ' '
        && line.charAt(i) != '\t')) {
      return null;
    }
    String rest = line.substring(i).strip();
    int end = rest.length();
    while (end > 0 && rest.charAt(end - 1) == '#') {
      end--;
    }
    if (end == 0 || rest.charAt(end - 1) == ' ' || rest.charAt(end - 1) == '\t') {
      rest = rest.substring(0, end).strip();
    }
    return new MarkdownHeading(level, rest);
  }

  /** The fence marker ({@code ```} or {@code ~~~}, possibly longer) opening on {@code line}. */
  static String fenceOpening(String line) {
    int i = leadingSpaces(line);
    if (i > 3 || i >= line.length()) {
      return null;
    }
    char c = line.charAt(i);
    if (c != '`' && c != '~') {
      return null;
    }
    int j = i;
    while (j < line.length() && line.charAt(j) == c) {
      j++;
    }
    if (j - i < 3 || (c == '`' && line.indexOf('`', j) >= 0)) {
      return null;
    }
    return line.substring(i, j);
  }

  /** Whether {@code line} closes a block opened by {@code fence}. */
  static boolean closesFence(String line, String fence) {
    String marker = fenceOpening(line);
    return marker != null && marker.charAt(0) == fence.charAt(0)
        && marker.length() >= fence.length()
        && line.strip().length() == marker.length();
  }

  private static int leadingSpaces(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i;
  }
}
