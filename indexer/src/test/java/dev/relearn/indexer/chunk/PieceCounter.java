package dev.relearn.indexer.chunk;

import dev.relearn.lucene.embed.TokenCounter;

/**
 * A word-piece-like token counter for tests: a piece (a run of letters and digits, or one other
 * non-space character) takes a token per {@code pieceChars} characters, and every text 2 more;
 * with 3, far more than {@link TokenEstimator} reckons for long identifiers, as with a real model.
 */
record PieceCounter(int limit, int pieceChars) implements TokenCounter {

  PieceCounter {
    if (limit < 3) {
      throw new IllegalArgumentException("limit must be >= 3, got: " + limit);
    }
    if (pieceChars < 1) {
      throw new IllegalArgumentException("piece chars must be >= 1, got: " + pieceChars);
    }
  }

  @Override
  public int count(String document) {
    int tokens = 2;
    for (int i = skipSpace(document, 0); i < document.length();
        i = skipSpace(document, pieceEnd(document, i))) {
      tokens += Math.ceilDiv(pieceEnd(document, i) - i, pieceChars);
    }
    return tokens;
  }

  @Override
  public int fittingLength(String document, int tokens) {
    int used = 2;
    int i = 0;
    while (i < document.length()) {
      int end = pieceEnd(document, i);
      for (int start = i; start < end; start += pieceChars) {
        if (++used > tokens) {
          return start;
        }
      }
      i = skipSpace(document, end);
    }
    return document.length();
  }

  private static int pieceEnd(String text, int start) {
    if (!Character.isLetterOrDigit(text.charAt(start))) {
      return start + 1;
    }
    int end = start;
    while (end < text.length() && Character.isLetterOrDigit(text.charAt(end))) {
      end++;
    }
    return end;
  }

  private static int skipSpace(String text, int from) {
    int i = from;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }
}
