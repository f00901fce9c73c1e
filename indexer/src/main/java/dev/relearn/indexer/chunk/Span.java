package dev.relearn.indexer.chunk;

/**
 * A range of characters in a text.
 *
 * @param start first character, inclusive
 * @param end last character, exclusive, {@code > start}
 */
record Span(int start, int end) {

  Span {
    if (start < 0 || end <= start) {
      throw new IllegalArgumentException("bad span " + start + "-" + end);
    }
  }
}
