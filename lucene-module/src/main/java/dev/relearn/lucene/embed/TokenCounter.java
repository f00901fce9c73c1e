package dev.relearn.lucene.embed;

/**
 * How many tokens an embedding model reads of a document, and the most it reads: the tail of a
 * longer text is cut off and missing from its vector. Chunkers keep every chunk within the limit.
 * Implementations must be thread-safe.
 */
public interface TokenCounter {
  /** A model that reads texts of any length, such as the hashing embedder: every text fits. */
  TokenCounter UNLIMITED = new TokenCounter() {
    @Override
    public int limit() {
      return Integer.MAX_VALUE;
    }

    @Override
    public int count(String document) {
      return 0; // nothing is cut off, so nothing needs counting
    }

    @Override
    public int fittingLength(String document, int tokens) {
      return document.length();
    }
  };

  /** The most tokens of a document the model reads; {@link Integer#MAX_VALUE} for no limit. */
  int limit();

  /**
   * The tokens the model reads of {@code document} when it is not cut off, with the special
   * tokens and any prefix the model adds to documents.
   */
  int count(String document);

  /**
   * How much of {@code document} fits in {@code tokens} tokens, special tokens and prefix
   * included: {@code document.length()} when {@link #count} is at most {@code tokens}, else the
   * index of the first character of the first token beyond them. Text cut at a space or line
   * break before that index fits.
   */
  int fittingLength(String document, int tokens);

  /** Whether the model reads all of {@code document}. */
  default boolean fits(String document) {
    return limit() == Integer.MAX_VALUE || count(document) <= limit();
  }
}
