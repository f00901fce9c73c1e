package dev.relearn.engine;

import dev.relearn.indexer.embed.VectorCompaction;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@link Relearn#compactVectorCache} did with the index's document-vector cache.
 *
 * @param folder the cache folder
 * @param outcome whether it was compacted, and if not, why
 * @param result the sizes before and after; null unless {@link Outcome#COMPACTED}
 */
public record VectorCacheCompaction(Path folder, Outcome outcome, VectorCompaction result) {
  /** Whether the cache was compacted, and if not, why. */
  public enum Outcome {
    /** Rewritten with the vectors the index's chunks need. */
    COMPACTED,
    /** The folder holds no cache file of the index's model: nothing to compact. */
    NO_CACHE,
    /**
     * The folder was given explicitly (a shared cache): other indexes may need its vectors, so
     * it is compacted only when asked to be.
     */
    SHARED,
    /** Another process holds the cache file's lock and may be adding to it. */
    IN_USE
  }

  /** Checks that a result comes exactly with {@link Outcome#COMPACTED}. */
  public VectorCacheCompaction {
    Objects.requireNonNull(folder, "folder");
    Objects.requireNonNull(outcome, "outcome");
    if ((outcome == Outcome.COMPACTED) != (result != null)) {
      throw new IllegalArgumentException("a compaction result comes with COMPACTED only; got "
          + outcome + (result == null ? " without one" : " with one"));
    }
  }
}
