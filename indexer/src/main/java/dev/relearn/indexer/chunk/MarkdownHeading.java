package dev.relearn.indexer.chunk;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An ATX heading line ({@code #} to {@code ######}).
 *
 * @param level 1 to 6
 * @param text the heading text without the marker and any closing {@code #} sequence
 */
record MarkdownHeading(int level, String text) {
  /** Up to 3 spaces, 1 to 6 {@code #}, then a space, a tab or the end of the line. */
  private static final Pattern HEADING = Pattern.compile(" {0,3}(#{1,6})(?:[ \t]|\\z)");
  /** Up to 3 spaces, then 3 or more backticks (none later on the line) or tildes. */
  private static final Pattern FENCE = Pattern.compile(" {0,3}(`{3,}(?!.*`)|~{3,})",
      Pattern.DOTALL);

  /** Up to 3 spaces, then the opening of an HTML comment. */
  private static final Pattern COMMENT = Pattern.compile(" {0,3}<!--");
  /** Up to 3 spaces, then {@code =} or at least two {@code -}, then only spaces or tabs. */
  private static final Pattern SETEXT_UNDERLINE = Pattern.compile(" {0,3}(=+|-{2,})[ \\t]*");
  /** Four spaces or a tab (code), a list item, a quote, a table row or an HTML block. */
  private static final Pattern NOT_SETEXT_TEXT = Pattern.compile(
      " {4}|\\t| {0,3}(?:[-*+>|<]|\\d{1,9}[.)](?:[ \\t]|\\z))");

  MarkdownHeading {
    if (level < 1 || level > 6) {
      throw new IllegalArgumentException("heading level must be 1 to 6, got: " + level);
    }
  }

  /** The heading on {@code line}, or null when it is not an ATX heading. */
  static MarkdownHeading parse(String line) {
    Matcher heading = HEADING.matcher(line);
    if (!heading.lookingAt()) {
      return null;
    }
    String rest = line.substring(heading.end()).strip();
    String closed = rest.replaceFirst("(?:^|[ \t])#+\\z", ""); // a closing sequence, not "C#"
    return new MarkdownHeading(heading.group(1).length(), closed.strip());
  }

  /**
   * The setext heading of {@code line} underlined by {@code next} ({@code ===} level 1, {@code
   * ---} level 2, up to 3 spaces before), or null: also when {@code line} is blank, indented 4
   * or more, or starts a list item, quote, table row or HTML block.
   */
  static MarkdownHeading setext(String line, String next) {
    Matcher underline = SETEXT_UNDERLINE.matcher(next);
    if (!underline.matches() || line.isBlank() || NOT_SETEXT_TEXT.matcher(line).lookingAt()) {
      return null;
    }
    return new MarkdownHeading(underline.group(1).charAt(0) == '=' ? 1 : 2, line.strip());
  }

  /** Whether {@code line} starts an HTML comment block: up to 3 spaces, then {@code <!--}. */
  static boolean opensComment(String line) {
    return COMMENT.matcher(line).lookingAt();
  }

  /**
   * Whether {@code line} ends the HTML comment block it opens, or continues ({@code within}):
   * whether it holds {@code -->} (after the {@code <!} of an opening line, as {@code <!-->}).
   */
  static boolean closesComment(String line, boolean within) {
    return line.indexOf("-->", within ? 0 : line.indexOf("<!--") + 2) >= 0;
  }

  /** The fence marker ({@code ```} or {@code ~~~}, possibly longer) opening on {@code line}. */
  static String fenceOpening(String line) {
    Matcher fence = FENCE.matcher(line);
    return fence.lookingAt() ? fence.group(1) : null;
  }

  /** Whether {@code line} closes a block opened by {@code fence}. */
  static boolean closesFence(String line, String fence) {
    String marker = fenceOpening(line);
    return marker != null && marker.charAt(0) == fence.charAt(0)
        && marker.length() >= fence.length()
        && line.strip().length() == marker.length();
  }
}
