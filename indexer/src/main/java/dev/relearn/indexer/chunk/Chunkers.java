package dev.relearn.indexer.chunk;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.ChunkKind;

/** Picks the chunker for a kind of file, all sharing one token budget. */
public final class Chunkers {
  /** The default budget per chunk, in tokens. */
  public static final int DEFAULT_MAX_TOKENS = 512;

  /**
   * Bumped whenever a chunker's output for the same text and settings changes (a token
   * counter's too): a re-index chunks again only the files whose text or {@link #fingerprint()}
   * changed. {@code ChunkersTest} pins the output of a few files to it.
   */
  private static final int CHUNKING_VERSION = 4;

  private final String fingerprint;
  private final MarkdownChunker markdown;
  private final CodeChunker code;
  private final TextChunker text;

  /** Chunkers with the default budget in estimated tokens, for a model without a limit. */
  public Chunkers() {
    this(DEFAULT_MAX_TOKENS, TokenCounter.UNLIMITED);
  }

  /**
   * Chunkers with a budget of {@code maxTokens} per chunk, by estimate and, when its model has a
   * limit, by {@code counter}'s count of what the model reads, at most its limit; the overlap of
   * prose windows is an eighth of it.
   *
   * @throws IllegalArgumentException naming {@code maxTokens} when below 8
   */
  public Chunkers(int maxTokens, TokenCounter counter) {
    int overlap = maxTokens / 8;
    this.markdown = new MarkdownChunker(maxTokens, overlap, counter);
    this.code = new CodeChunker(CodeChunker.DEFAULT_MAX_LINES, maxTokens, counter);
    this.text = new TextChunker(maxTokens, overlap, counter);
    this.fingerprint = "chunking " + CHUNKING_VERSION + ", tokens " + maxTokens + ", overlap "
        + overlap + ", lines " + CodeChunker.DEFAULT_MAX_LINES + ", counter "
        + counter.getClass().getName() + " limit " + counter.limit();
  }

  /**
   * What these chunkers' output depends on besides a file's text and path: the same text read by
   * chunkers of the same fingerprint yields the same chunks.
   */
  public String fingerprint() {
    return fingerprint;
  }

  /**
   * The chunker for files of {@code kind}.
   *
   * @throws IllegalArgumentException for {@link ChunkKind#RECORD}: records are kept whole
   */
  public Chunker forKind(ChunkKind kind) {
    return switch (kind) {
      case MARKDOWN -> markdown;
      case CODE -> code;
      case TEXT -> text;
      case RECORD -> throw new IllegalArgumentException(
          "no chunker for kind " + kind.label() + ": records are kept whole");
    };
  }
}
