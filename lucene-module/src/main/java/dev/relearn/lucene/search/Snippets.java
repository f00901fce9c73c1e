package dev.relearn.lucene.search;

import java.util.Locale;
import java.util.regex.Pattern;

/** Picks a short excerpt of a chunk's text around the first query word it contains. */
public final class Snippets {
  private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
  private static final Pattern SPACES = Pattern.compile("\\s+");

  private Snippets() {}

  /**
   * An excerpt of at most about {@code maxChars} characters, on one line. It starts near the
   * first occurrence of a query word of three or more letters, or at the start of the text.
   */
  public static String excerpt(String text, String query, int maxChars) {
    if (maxChars < 16) {
      throw new IllegalArgumentException("maxChars must be at least 16, got: " + maxChars);
    }
    String lower = text.toLowerCase(Locale.ROOT);
    int at = -1;
    for (String word : NON_WORD.split(query.toLowerCase(Locale.ROOT))) {
      if (word.length() >= 3) {
        int found = lower.indexOf(word);
        if (found >= 0 && (at < 0 || found < at)) {
          at = found;
        }
      }
    }
    int start = at < 0 ? 0 : Math.max(0, at - maxChars / 4);
    if (start > 0) {
      int space = text.indexOf(' ', start);
      if (space >= 0 && space < at) {
        start = space + 1;
      }
    }
    int end = Math.min(text.length(), start + maxChars);
    String excerpt = SPACES.matcher(text.substring(start, end)).replaceAll(" ").strip();
    return (start > 0 ? "…" : "") + excerpt + (end < text.length() ? "…" : "");
  }
}
