package dev.relearn.lucene.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
  private static final Pattern SPACES = Pattern.compile("\\s+");
  private static final Pattern COMMENT_MARKERS =
      Pattern.compile("(?m)^[ \\t]*(?:/\\*\\*|\\*/|\\*)(?=\\s|$)|[ \\t]*\\*/[ \\t]*$");

  private Snippets() {}

  /**
   * An excerpt of at most about {@code maxChars} characters, on one line: the window with the most
   * distinct query words, starting a little before the first of them, or the start of the text
   * when it holds none.
   */
  public static String excerpt(String text, String query, int maxChars) {
    if (maxChars < 16) {
      throw new IllegalArgumentException("maxChars must be at least 16, got: " + maxChars);
    }
    String plain = COMMENT_MARKERS.matcher(text).replaceAll(" ");
    String lower = plain.toLowerCase(Locale.ROOT);
    Set<String> words = new LinkedHashSet<>();
    for (String word : NON_WORD.split(query.toLowerCase(Locale.ROOT))) {
      if (word.length() >= 3) {
        words.add(word);
      }
    }
    int at = bestStart(lower, words, maxChars);
    int start = at < 0 ? 0 : Math.max(0, at - maxChars / 4);
    if (start > 0) {
      int space = plain.indexOf(' ', start);
      if (space >= 0 && space < at) {
        start = space + 1;
      }
    }
    int end = Math.min(plain.length(), start + maxChars);
    String excerpt = SPACES.matcher(plain.substring(start, end)).replaceAll(" ").strip();
    return (start > 0 ? "…" : "") + excerpt + (end < plain.length() ? "…" : "");
  }

  /**
   * Where the best window's first query word is: of every occurrence of a query word, the one
   * whose window (from it, {@code maxChars} less the lead-in) holds the most distinct words;
   * -1 when the text holds none. Each word's occurrences are found once.
   */
  private static int bestStart(String lower, Set<String> words, int maxChars) {
    List<int[]> occurrences = new ArrayList<>(words.size());
    for (String word : words) {
      List<Integer> found = new ArrayList<>();
      for (int at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
        found.add(at);
      }
      occurrences.add(found.stream().mapToInt(Integer::intValue).toArray());
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
}
