package dev.relearn.indexer.chunk;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A chunk's token budget, held two ways: the cheap {@link TokenEstimator} proposes windows of at
 * most {@link #maxTokens()}, and the embedding model's own {@link TokenCounter} checks the text
 * the model reads of each ({@link Chunk#searchableText()}: heading path, title and text) against
 * the smaller of that budget and the model's limit. A window the model would cut off is split
 * again, so no chunk loses its tail from its vector; windows that fit are kept as proposed, so
 * their ids do not change. With {@link TokenCounter#UNLIMITED} only the estimate applies.
 */
final class TokenBudget {
  private final int maxTokens;
  private final TokenCounter counter;
  private final int modelTokens;

  /**
   * A budget of {@code maxTokens} per chunk, checked by {@code counter}.
   *
   * @throws IllegalArgumentException naming {@code maxTokens} when below 8
   */
  TokenBudget(int maxTokens, TokenCounter counter) {
    if (maxTokens < WindowSplitter.MIN_TOKENS) {
      throw new IllegalArgumentException("max tokens must be >= " + WindowSplitter.MIN_TOKENS
          + ", got: " + maxTokens);
    }
    this.maxTokens = maxTokens;
    this.counter = Objects.requireNonNull(counter, "counter");
    this.modelTokens = Math.min(maxTokens, counter.limit());
  }

  /** The budget in estimated tokens, and the most model tokens of a chunk. */
  int maxTokens() {
    return maxTokens;
  }

  /** Whether the model reads all of {@code draft} within the budget. */
  boolean fits(Chunk draft) {
    return fittingText(draft) == draft.text().length();
  }

  /**
   * How much of {@code draft}'s text the model reads within the budget after its heading path and
   * title: all of it when it fits, else the index of the first character of the first token
   * beyond the budget, negative when its heading path and title alone are over the budget.
   */
  int fittingText(Chunk draft) {
    if (counter.limit() == Integer.MAX_VALUE) {
      return draft.text().length();
    }
    String read = draft.searchableText(); // ends with the text
    return counter.fittingLength(read, modelTokens) - (read.length() - draft.text().length());
  }

  /**
   * The windows of {@code text[from, to)} that {@code splitter} proposes, each that does not
   * {@link #fits fit} split again with the estimate of its part that fits as the budget.
   *
   * @param draft the chunk a window would become; its text is the window's
   */
  List<Span> split(WindowSplitter splitter, String text, int from, int to,
      Function<Span, Chunk> draft) {
    List<Span> windows = new ArrayList<>();
    for (Span window : splitter.split(text, from, to)) {
      if (counter.limit() == Integer.MAX_VALUE
          || splitter.maxTokens() == WindowSplitter.MIN_TOKENS) {
        windows.add(window); // nothing to check, or nothing smaller to try
        continue;
      }
      Chunk chunk = draft.apply(window);
      int fitting = fittingText(chunk);
      if (fitting == chunk.text().length()) {
        windows.add(window);
        continue;
      }
      int smaller = Math.max(WindowSplitter.MIN_TOKENS, Math.min(splitter.maxTokens() - 1,
          TokenEstimator.estimate(chunk.text().substring(0, Math.max(0, fitting)))));
      windows.addAll(split(splitter.scaled(smaller), text, window.start(), window.end(), draft));
    }
    return windows;
  }
}
