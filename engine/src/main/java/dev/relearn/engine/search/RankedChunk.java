package dev.relearn.engine.search;

import java.util.Objects;

/**
 * One hit of a ranking without its stored fields: what a batch evaluation reads ({@code
 * Relearn#rank}).
 *
 * @param chunkId the chunk's id
 * @param score its score in the search's mode, as {@link Hit#score()}
 */
public record RankedChunk(String chunkId, double score) {
  /** Validates, naming the bad value. */
  public RankedChunk {
    Objects.requireNonNull(chunkId, "chunkId");
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("score is NaN for chunk " + chunkId);
    }
  }

  /** The id and score of {@code hit}. */
  public static RankedChunk of(Hit hit) {
    return new RankedChunk(hit.chunkId(), hit.score());
  }
}
