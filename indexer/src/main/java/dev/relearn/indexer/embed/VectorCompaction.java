package dev.relearn.indexer.embed;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * What {@link VectorStore#compact} did to a cache file.
 *
 * @param file the cache file
 * @param vectorsBefore the vectors it held before
 * @param vectorsAfter the vectors kept: those some live chunk's text needs, and, when asked,
 *     those of index calls that did not finish
 * @param unfinishedKept vectors kept only because an index call that did not finish wrote them
 * @param unfinishedDropped vectors of such calls that were dropped
 * @param bytesBefore the file's size before
 * @param bytesAfter its size after
 */
public record VectorCompaction(Path file, int vectorsBefore, int vectorsAfter,
    int unfinishedKept, int unfinishedDropped, long bytesBefore, long bytesAfter) {
  /** Validates every count and size; the message names the bad value. */
  public VectorCompaction {
    Objects.requireNonNull(file, "file");
    if (vectorsAfter < 0 || vectorsAfter > vectorsBefore) {
      throw new IllegalArgumentException("vectors after compaction must be in [0, "
          + vectorsBefore + "], got: " + vectorsAfter);
    }
    if (unfinishedKept < 0 || unfinishedDropped < 0 || bytesBefore < 0 || bytesAfter < 0) {
      throw new IllegalArgumentException("negative count or size: unfinished kept "
          + unfinishedKept + ", dropped " + unfinishedDropped + ", bytes " + bytesBefore
          + " → " + bytesAfter);
    }
  }

  /** Vectors dropped. */
  public int dropped() {
    return vectorsBefore - vectorsAfter;
  }

  /**
   * One line such as {@code bge-small.vectors: 4.6 MB → 1.5 MB (3,012 → 1,004 vectors)}, with
   * what happened to vectors of index calls that did not finish when there were any.
   */
  public String summary() {
    String line = String.format(Locale.ROOT, "%s: %.1f MB → %.1f MB (%,d → %,d vectors)",
        file, bytesBefore / 1e6, bytesAfter / 1e6, vectorsBefore, vectorsAfter);
    if (unfinishedKept > 0) {
      line += String.format(Locale.ROOT, "; kept %,d of an index run that did not finish, for"
          + " its next run", unfinishedKept);
    }
    if (unfinishedDropped > 0) {
      line += String.format(Locale.ROOT, "; dropped %,d of an index run that did not finish",
          unfinishedDropped);
    }
    return line;
  }
}
