package dev.relearn.indexer.chunk;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.List;

/**
 * Cuts prose into {@link ChunkKind#TEXT} windows of at most a token budget, breaking at
 * paragraphs, then sentences, then words, with an overlap between consecutive windows; a window
 * the model would cut off is split again ({@link TokenBudget}).
 */
public final class TextChunker implements Chunker {
  private final TokenBudget budget;

  /**
   * A chunker with the given budget and overlap, whose windows the model of {@code counter}
   * reads whole.
   *
   * @throws IllegalArgumentException naming {@code maxTokens} when below 8, or {@code
   *     overlapTokens} when negative or above half the budget
   */
  public TextChunker(int maxTokens, int overlapTokens, TokenCounter counter) {
    this.budget = new TokenBudget(new WindowSplitter(maxTokens, overlapTokens), counter);
  }

  @Override
  public List<Chunk> chunk(String origin, String path, String text) {
    String body = LineIndex.normalize(text);
    LineIndex lines = new LineIndex(body);
    return ChunkIds.assign(budget.split(body, 0, body.length(), span -> ChunkIds.draft(origin,
        path, ChunkKind.TEXT, "", List.of(), lines.indexOf(span.start()) + 1,
        lines.indexOf(span.end() - 1) + 1, body.substring(span.start(), span.end()))));
  }
}
