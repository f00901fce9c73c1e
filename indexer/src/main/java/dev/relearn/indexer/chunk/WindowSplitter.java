package dev.relearn.indexer.chunk;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a range of text into windows of at most a token budget, cutting at paragraph, then
 * sentence, then line, then word boundaries, with an overlap between consecutive windows. Words
 * too long for half the budget are hard-split.
 */
final class WindowSplitter {
  private static final int PARAGRAPH = 3;
  private static final int SENTENCE = 2;
  private static final int LINE = 1;
  private static final String CLOSERS = ")]}\"'\u201D\u2019*_`";

  /** The smallest budget. */
  static final int MIN_TOKENS = 8;

  private final int maxTokens;
  private final int overlapTokens;

  WindowSplitter(int maxTokens, int overlapTokens) {
    if (maxTokens < MIN_TOKENS) {
      throw new IllegalArgumentException("max tokens must be >= " + MIN_TOKENS + ", got: "
          + maxTokens);
    }
    if (overlapTokens < 0 || overlapTokens > maxTokens / 2) {
      throw new IllegalArgumentException("overlap tokens must be between 0 and " + maxTokens / 2
          + ", got: " + overlapTokens);
    }
    this.maxTokens = maxTokens;
    this.overlapTokens = overlapTokens;
  }

  /** The budget of a window. */
  int maxTokens() {
    return maxTokens;
  }

  /** A splitter with a budget of {@code tokens} and the overlap scaled alike. */
  WindowSplitter scaled(int tokens) {
    return new WindowSplitter(tokens, (int) ((long) overlapTokens * tokens / maxTokens));
  }

  /** The windows of {@code text[from, to)}, in order; empty when the range is blank. */
  List<Span> split(String text, int from, int to) {
    Words words = Words.of(text, from, to, maxTokens / 2);
    List<Span> windows = new ArrayList<>();
    int n = words.count();
    int s = 0;
    while (s < n) {
      int e = s;
      while (e + 1 < n && words.estimate(s, e + 1) <= maxTokens) {
        e++;
      }
      if (e == n - 1) {
        windows.add(new Span(words.start(s), words.end(e)));
        break;
      }
      int cut = chooseCut(words, s, e);
      windows.add(new Span(words.start(s), words.end(cut)));
      s = nextStart(words, s, cut);
    }
    return windows;
  }

  /** The last word of the window starting at {@code s} that may extend at most to {@code e}. */
  private int chooseCut(Words words, int s, int e) {
    int[] lastAtLevel = {-1, -1, -1, -1};
    for (int i = e - 1; i >= s && words.estimate(s, i) * 2 >= maxTokens; i--) {
      int level = words.breakAfter(i);
      for (int l = level; l >= 0; l--) {
        if (lastAtLevel[l] < 0) {
          lastAtLevel[l] = i;
        }
      }
    }
    for (int level = PARAGRAPH; level >= LINE; level--) {
      if (lastAtLevel[level] >= 0) {
        return lastAtLevel[level];
      }
    }
    return e;
  }

  /**
   * The first word of the next window: back from {@code cut} by at most the overlap budget,
   * moved forward to a sentence start when the overlap holds one.
   */
  private int nextStart(Words words, int s, int cut) {
    int j = cut + 1;
    while (j - 1 > s && words.estimate(j - 1, cut) <= overlapTokens) {
      j--;
    }
    for (int k = j; k <= cut; k++) {
      if (words.breakAfter(k - 1) >= SENTENCE) {
        j = k;
        break;
      }
    }
    if (j <= cut && words.estimate(j, cut + 1) > maxTokens) {
      return cut + 1;
    }
    return j;
  }

  /** The words of a range, with prefix sums for O(1) estimates. */
  private record Words(String text, int[] starts, int[] ends, long[] piecesBefore) {

    Words {
      if (starts.length != ends.length || piecesBefore.length != starts.length + 1) {
        throw new IllegalArgumentException("inconsistent word arrays: " + starts.length + ", "
            + ends.length + ", " + piecesBefore.length);
      }
    }

    static Words of(String text, int from, int to, int maxWordTokens) {
      List<int[]> spans = new ArrayList<>();
      List<Integer> pieces = new ArrayList<>();
      int i = from;
      while (i < to) {
        while (i < to && Character.isWhitespace(text.charAt(i))) {
          i++;
        }
        int wordStart = i;
        int wordPieces = 0;
        int previous = -1;
        while (i < to && !Character.isWhitespace(text.charAt(i))) {
          int cp = text.codePointAt(i);
          int next = i + Character.charCount(cp);
          int added = TokenEstimator.startsPiece(previous, cp) ? 1 : 0;
          if (i > wordStart && TokenEstimator.estimate(1, next - wordStart, wordPieces + added)
              > maxWordTokens) {
            spans.add(new int[] {wordStart, i});
            pieces.add(wordPieces);
            wordStart = i;
            wordPieces = 0;
            added = 1;
          }
          wordPieces += added;
          previous = cp;
          i = next;
        }
        if (i > wordStart) {
          spans.add(new int[] {wordStart, i});
          pieces.add(wordPieces);
        }
      }
      int n = spans.size();
      int[] starts = new int[n];
      int[] ends = new int[n];
      long[] sums = new long[n + 1];
      for (int w = 0; w < n; w++) {
        starts[w] = spans.get(w)[0];
        ends[w] = spans.get(w)[1];
        sums[w + 1] = sums[w] + pieces.get(w);
      }
      return new Words(text, starts, ends, sums);
    }

    int count() {
      return starts.length;
    }

    int start(int word) {
      return starts[word];
    }

    int end(int word) {
      return ends[word];
    }

    /** The estimate for words {@code a} to {@code b}, inclusive, with the space between them. */
    int estimate(int a, int b) {
      return TokenEstimator.estimate(b - a + 1, ends[b] - starts[a],
          piecesBefore[b + 1] - piecesBefore[a]);
    }

    /** How strong a boundary follows word {@code w}: 0 (word) to 3 (paragraph). */
    int breakAfter(int w) {
      int newlines = 0;
      for (int i = ends[w]; i < starts[w + 1]; i++) {
        if (text.charAt(i) == '\n') {
          newlines++;
        }
      }
      if (newlines >= 2) {
        return PARAGRAPH;
      }
      if (endsSentence(w) && starts[w + 1] > ends[w]) {
        return SENTENCE;
      }
      return newlines == 1 ? LINE : 0;
    }

    private boolean endsSentence(int w) {
      int i = ends[w] - 1;
      while (i > starts[w] && CLOSERS.indexOf(text.charAt(i)) >= 0) {
        i--;
      }
      char c = text.charAt(i);
      return c == '.' || c == '!' || c == '?' || c == ':' || c == ';' || c == '\u3002';
    }
  }
}
