package dev.relearn.indexer.chunk;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A chunk's token budget, held two ways: the cheap {@link TokenEstimator} proposes windows of at
 * most {@link #maxTokens()} (a {@link WindowSplitter}'s), and the embedding model's own {@link
 * TokenCounter} checks the text the model reads of each ({@link Chunk#searchableText()}: heading
 * path, title and text) against the smaller of that budget and the model's limit. A window the
 * model would cut off is split again, so no chunk loses its tail from its vector; windows that fit
 * are kept as proposed, so their ids do not change. With {@link TokenCounter#UNLIMITED} only the
 * estimate applies.
 */
final class TokenBudget {
  private final WindowSplitter splitter;
  private final TokenCounter counter;
  private final int modelTokens;

  /** The budget of {@code splitter}'s windows, checked by {@code counter}. */
  TokenBudget(WindowSplitter splitter, TokenCounter counter) {
    this.splitter = splitter;
    this.counter = Objects.requireNonNull(counter, "counter");
    this.modelTokens = Math.min(splitter.maxTokens(), counter.limit());
  }

  /** The budget in estimated tokens, and the most model tokens of a chunk. */
  int maxTokens() {
    return splitter.maxTokens();
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
   * The chunks of the windows of {@code text[from, to)} that the splitter proposes, each that does
   * not {@link #fits fit} split again with the estimate of its part that fits as the budget.
   *
   * @param draft the chunk a window becomes; its text is the window's
   */
  List<Chunk> split(String text, int from, int to, Function<Span, Chunk> draft) {
    return split(splitter, text, from, to, draft);
  }

  private List<Chunk> split(WindowSplitter splitter, String text, int from, int to,
      Function<Span, Chunk> draft) {
    List<Chunk> windows = new ArrayList<>();
    for (Span window : splitter.split(text, from, to)) {
      Chunk chunk = draft.apply(window);
      int fitting = fittingText(chunk);
      if (fitting == chunk.text().length() || splitter.maxTokens() == WindowSplitter.MIN_TOKENS) {
        windows.add(chunk); // it fits, or there is nothing smaller to try
        continue;
      }
      int smaller = Math.max(WindowSplitter.MIN_TOKENS, Math.min(splitter.maxTokens() - 1,
          TokenEstimator.estimate(chunk.text().substring(0, Math.max(0, fitting)))));
      windows.addAll(split(splitter.scaled(smaller), text, window.start(), window.end(), draft));
    }
    return windows;
  }
}
