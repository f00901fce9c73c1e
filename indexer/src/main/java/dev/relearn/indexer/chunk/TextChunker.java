package dev.relearn.indexer.chunk;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts prose into {@link ChunkKind#TEXT} windows of at most a token budget, breaking at
 * paragraphs, then sentences, then words, with an overlap between consecutive windows.
 */
public final class TextChunker implements Chunker {
  /** The default window budget, the embedding model's input limit. */
  public static final int DEFAULT_MAX_TOKENS = 512;
  /** The default overlap between consecutive windows. */
  public static final int DEFAULT_OVERLAP_TOKENS = 64;

  private final WindowSplitter splitter;

  /** A chunker with the default budget and overlap. */
  public TextChunker() {
    this(DEFAULT_MAX_TOKENS, DEFAULT_OVERLAP_TOKENS);
  }

  /**
   * A chunker with the given budget and overlap.
   *
   * @throws IllegalArgumentException naming {@code maxTokens} when below 8, or {@code
   *     overlapTokens} when negative or above half the budget
   */
  public TextChunker(int maxTokens, int overlapTokens) {
    this.splitter = new WindowSplitter(maxTokens, overlapTokens);
  }

  @Override
  public List<Chunk> chunk(String origin, String path, String text) {
    String body = LineIndex.normalize(text);
    LineIndex lines = new LineIndex(body);
    List<Chunk> drafts = new ArrayList<>();
    for (Span span : splitter.split(body, 0, body.length())) {
      drafts.add(ChunkIds.draft(origin, path, ChunkKind.TEXT, "", List.of(),
          lines.indexOf(span.start()) + 1, lines.indexOf(span.end() - 1) + 1,
          body.substring(span.start(), span.end())));
    }
    return ChunkIds.assign(drafts);
  }
}
