package dev.relearn.engine.search;

import dev.relearn.lucene.schema.Require;
import java.util.Objects;

/**
 * A slot of a result list that exploration filled with a candidate from below the cut instead of
 * the ranker's own choice.
 *
 * @param rank the 1-based rank of the slot
 * @param chunkId the chunk shown there
 * @param propensity the probability that this chunk was shown at this rank, in (0, 1]: the
 *     exploration rate divided by the number of candidates below the cut
 */
public record ExploredSlot(int rank, String chunkId, double propensity) {
  /** Validates, naming the bad value. */
  public ExploredSlot {
    Require.atLeastOne("rank", rank);
    Objects.requireNonNull(chunkId, "chunkId");
    if (!(propensity > 0 && propensity <= 1)) {
      throw new IllegalArgumentException("propensity must be in (0, 1], got: " + propensity);
    }
  }
}
