package dev.relearn.engine.search;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Picks a short excerpt of a chunk's text: the window that holds the most distinct query words
 * (of three or more letters), the earliest of equals, so that a code chunk shows the lines about
 * the query rather than an import that happens to name one of its words. Comment markers at line
 * starts ({@code /**}, {@code *}, {@code *}{@code /}) and a comment's end at a line's end are
 * dropped, and whitespace runs become one space.
 */
public final class Snippets {
  private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
  private static final String[] MARKERS = {"/**", "*/", "*"};

  private Snippets() {}

  /**
   * The words of {@code query} an excerpt looks for: lower case, three or more letters, each
   * once. Take them once per search, for all its hits.
   */
  public static Set<String> queryWords(String query) {
    Set<String> words = new LinkedHashSet<>();
    for (String word : NON_WORD.split(lower(query))) {
      if (word.length() >= 3) {
        words.add(word);
      }
    }
    return Collections.unmodifiableSet(words);
  }

  /**
   * An excerpt of at most about {@code maxChars} characters, on one line: the window with the most
   * distinct {@link #queryWords}, starting a little before the first of them, or the start of the
   * text when it holds none.
   */
  public static String excerpt(String text, Set<String> queryWords, int maxChars) {
    if (maxChars < 16) {
      throw new IllegalArgumentException("maxChars must be at least 16, got: " + maxChars);
    }
    int at = bestStart(lower(text), queryWords, maxChars);
    int start = at < 0 ? 0 : Math.max(0, at - maxChars / 4);
    if (start > 0) {
      int space = text.indexOf(' ', start);
      if (space >= 0 && space < at) {
        start = space + 1;
      }
    }
    start = whole(text, start);
    // only the window is cleaned (a regex over a whole chunk costs more than the search), with
    // room for what the markers and spaces give back
    int end = whole(text, Math.min(text.length(), start + maxChars + maxChars / 2));
    String window = clean(text, start, end);
    boolean cut = end < text.length() || window.length() > maxChars;
    if (window.length() > maxChars) {
      window = window.substring(0, whole(window, maxChars)).strip();
    }
    return (start > 0 ? "…" : "") + window + (cut ? "…" : "");
  }

  /**
   * {@code text} in lower case, char by char: of the same length, so that its offsets are the
   * text's ({@code String.toLowerCase} turns one 'İ' into two chars).
   */
  private static String lower(String text) {
    char[] chars = text.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      chars[i] = Character.toLowerCase(chars[i]);
    }
    return new String(chars);
  }

  /** {@code at}, or one before it when it would cut a surrogate pair in two. */
  private static int whole(String text, int at) {
    return at > 0 && at < text.length() && Character.isLowSurrogate(text.charAt(at))
        && Character.isHighSurrogate(text.charAt(at - 1)) ? at - 1 : at;
  }

  /**
   * Where the best window's first query word is: of every occurrence of a query word, the one
   * whose window (from it, {@code maxChars} less the lead-in) holds the most distinct words;
   * -1 when the text holds none. Each word's occurrences are found once.
   */
  private static int bestStart(String lower, Set<String> words, int maxChars) {
    int[][] occurrences = new int[words.size()][];
    int w = 0;
    for (String word : words) {
      int[] found = new int[8];
      int count = 0;
      for (int at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length())) {
        if (count == found.length) {
          found = Arrays.copyOf(found, count * 2);
        }
        found[count++] = at;
      }
      occurrences[w++] = Arrays.copyOf(found, count);
    }
    int span = maxChars - maxChars / 4;
    int best = -1;
    int bestCount = 0;
    for (int[] starts : occurrences) {
      for (int at : starts) {
        int count = 0;
        for (int[] other : occurrences) {
          int next = Arrays.binarySearch(other, at);
          int first = next >= 0 ? next : -next - 1; // the first occurrence at or after at
          if (first < other.length && other[first] < at + span) {
            count++;
          }
        }
        if (count > bestCount || (count == bestCount && at < best)) {
          best = at;
          bestCount = count;
        }
      }
    }
    return best;
  }

  /**
   * {@code text[start, end)} on one line: comment markers at line starts ({@code /**}, {@code *},
   * {@code *}{@code /}) and comment ends at line ends dropped, whitespace runs made one space.
   */
  private static String clean(String text, int start, int end) {
    StringBuilder out = new StringBuilder(end - start);
    int line = start;
    while (line < end) {
      int lineEnd = text.indexOf('\n', line);
      lineEnd = lineEnd < 0 || lineEnd > end ? end : lineEnd;
      int from = line;
      while (from < lineEnd && Character.isWhitespace(text.charAt(from))) {
        from++;
      }
      from = skipMarker(text, from, lineEnd);
      int to = lineEnd;
      while (to > from && Character.isWhitespace(text.charAt(to - 1))) {
        to--;
      }
      if (to - from >= 2 && text.charAt(to - 2) == '*' && text.charAt(to - 1) == '/') {
        to -= 2;
      }
      for (int i = from; i < to; i++) {
        char c = text.charAt(i);
        boolean space = Character.isWhitespace(c);
        if (!space) {
          out.append(c);
        } else if (!out.isEmpty() && out.charAt(out.length() - 1) != ' ') {
          out.append(' ');
        }
      }
      if (!out.isEmpty() && out.charAt(out.length() - 1) != ' ') {
        out.append(' ');
      }
      line = lineEnd + 1;
    }
    return out.toString().strip();
  }

  /**
   * Past a {@code /**}, {@code *}{@code /} or {@code *} that stands alone at {@code from}, within
   * the line (which the window may cut before the text's end).
   */
  private static int skipMarker(String text, int from, int lineEnd) {
    for (String marker : MARKERS) {
      int after = from + marker.length();
      if (after <= lineEnd && text.startsWith(marker, from)
          && (after == lineEnd || Character.isWhitespace(text.charAt(after)))) {
        return after;
      }
    }
    return from;
  }
}
