package dev.relearn.feedback.event;

import java.util.Objects;

/**
 * A chunk as it was shown: its id and 1-based rank.
 *
 * @param chunkId the chunk id
 * @param rank 1-based position in the list shown
 */
public record ShownResult(String chunkId, int rank) {
  /** Rejects a blank id or a rank below 1. */
  public ShownResult {
    Objects.requireNonNull(chunkId, "chunkId");
    if (chunkId.isBlank()) {
      throw new IllegalArgumentException("shown chunk id must not be blank");
    }
    if (rank < 1) {
      throw new IllegalArgumentException("rank must be at least 1, got: " + rank + " for "
          + chunkId);
    }
  }
}
