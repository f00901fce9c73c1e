package dev.relearn.feedback.event;

import java.util.Objects;

/**
 * A chunk as it was shown: its id, 1-based rank, and the propensity (in (0, 1]) that the ranking
 * placed it there: 1 for the ranker's own choice, less for a slot filled by exploration.
 */
public record ShownResult(String chunkId, int rank, double propensity) {
  /** A chunk the ranker itself placed at {@code rank} (propensity 1). */
  public ShownResult(String chunkId, int rank) {
    this(chunkId, rank, 1.0);
  }

  /** Rejects a blank id, a rank below 1 or a propensity outside (0, 1]. */
  public ShownResult {
    Objects.requireNonNull(chunkId, "chunkId");
    if (chunkId.isBlank()) {
      throw new IllegalArgumentException("shown chunk id must not be blank");
    }
    if (rank < 1) {
      throw new IllegalArgumentException("rank must be at least 1, got: " + rank + " for "
          + chunkId);
    }
    if (!(propensity > 0 && propensity <= 1)) {
      throw new IllegalArgumentException("propensity must be in (0, 1], got: " + propensity
          + " for " + chunkId);
    }
  }
}
