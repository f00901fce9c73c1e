package dev.relearn.engine;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an index holds.
 *
 * @param directory the index folder
 * @param modelId the embedding model it was built with, or null when empty
 * @param dimension its vector dimension, or 0 when empty
 * @param chunks live chunks
 * @param chunksByKind live chunks per kind label, in label order
 * @param origins distinct indexed sources (with live chunks)
 * @param chunksByOrigin live chunks per source (its absolute path), in path order
 * @param segments Lucene segments
 * @param sizeBytes bytes of index files on disk
 */
public record IndexStats(String directory, String modelId, int dimension, int chunks,
    Map<String, Integer> chunksByKind, int origins, Map<String, Integer> chunksByOrigin,
    int segments, long sizeBytes) {
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
