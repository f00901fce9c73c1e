package dev.relearn.engine;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an index holds.
 *
 * @param directory the index folder
 * @param modelId the embedding model it was built with (from its creation: an index whose
 *     chunks were all removed still takes only that model's vectors)
 * @param dimension its vector dimension
 * @param chunks live chunks
 * @param chunksByKind live chunks per kind label, in label order
 * @param origins distinct indexed sources (with live chunks)
 * @param chunksByOrigin live chunks per source (its absolute path), in path order
 * @param segments Lucene segments
 * @param sizeBytes bytes of the chunk index's files on disk
 * @param feedbackBytes bytes of the feedback store's folder (its log, ledger and cluster index)
 */
public record IndexStats(String directory, String modelId, int dimension, int chunks,
    Map<String, Integer> chunksByKind, int origins, Map<String, Integer> chunksByOrigin,
    int segments, long sizeBytes, long feedbackBytes) {
  /**
   * Copies the maps, sorted by key (so {@code stats --json} prints the same every run), and
   * checks that {@code origins} counts {@code chunksByOrigin}.
   */
  public IndexStats {
    chunksByKind = Collections.unmodifiableSortedMap(new TreeMap<>(chunksByKind));
    chunksByOrigin = Collections.unmodifiableSortedMap(new TreeMap<>(chunksByOrigin));
    if (origins != chunksByOrigin.size()) {
      throw new IllegalArgumentException("origins must be the " + chunksByOrigin.size()
          + " sources listed, got: " + origins);
    }
  }
}
