package dev.relearn.indexer.chunk;

/**
 * A cheap, deliberately generous estimate of the BERT word-piece tokens in a string, used to keep
 * chunks under the embedding model's input limit without running its tokenizer.
 *
 * <p>The estimate is the largest of: the whitespace-separated words times 4/3, the characters
 * divided by 4, and the pieces, where a piece is a run of letters and digits or a single other
 * character (punctuation, symbols and CJK ideographs each count alone). All three grow additively,
 * so a window's estimate can be computed from sums over its parts.
 */
public final class TokenEstimator {

  private TokenEstimator() {}

  /** Estimates the tokens in {@code text}; 0 for an empty string. */
  public static int estimate(String text) {
    long[] counts = counts(text, 0, text.length());
    return estimate(counts[0], text.length(), counts[1]);
  }

  /** The whitespace-separated words and the pieces of {@code text[from, to)}, in that order. */
  static long[] counts(String text, int from, int to) {
    long words = 0;
    long pieces = 0;
    int previous = -1;
    for (int i = from; i < to; ) {
      int cp = text.codePointAt(i);
      if (!Character.isWhitespace(cp) && (previous < 0 || Character.isWhitespace(previous))) {
        words++;
      }
      if (startsPiece(previous, cp)) {
        pieces++;
      }
      previous = cp;
      i += Character.charCount(cp);
    }
    return new long[] {words, pieces};
  }

  /**
   * Combines counts into an estimate: {@code max(ceil(words * 4 / 3), ceil(chars / 4), pieces)}.
   *
   * @throws IllegalArgumentException naming a negative count
   */
  public static int estimate(long words, long chars, long pieces) {
    if (words < 0 || chars < 0 || pieces < 0) {
      throw new IllegalArgumentException("counts must be >= 0, got words=" + words + ", chars="
          + chars + ", pieces=" + pieces);
    }
    long tokens = Math.max(Math.ceilDiv(words * 4, 3), Math.max(Math.ceilDiv(chars, 4), pieces));
    return (int) Math.min(Integer.MAX_VALUE, tokens);
  }

  /**
   * Whether code point {@code cp} starts a new piece when it follows {@code previous} (-1 at the
   * start of the text).
   */
  static boolean startsPiece(int previous, int cp) {
    if (Character.isWhitespace(cp)) {
      return false;
    }
    if (!isWordChar(cp)) {
      return true;
    }
    return previous < 0 || !isWordChar(previous);
  }

  private static boolean isWordChar(int cp) {
    return Character.isLetterOrDigit(cp) && !Character.isIdeographic(cp);
  }
}
