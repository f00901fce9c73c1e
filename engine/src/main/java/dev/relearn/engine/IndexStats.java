package dev.relearn.engine;

import java.util.Map;

/**
 * What an index holds.
 *
 * @param directory the index folder
 * @param modelId the embedding model it was built with, or null when empty
 * @param dimension its vector dimension, or 0 when empty
 * @param chunks live chunks
 * @param chunksByKind live chunks per kind label
 * @param origins distinct indexed sources
 * @param segments Lucene segments
 * @param sizeBytes bytes of index files on disk
 */
public record IndexStats(String directory, String modelId, int dimension, int chunks,
    Map<String, Integer> chunksByKind, int origins, int segments, long sizeBytes) {
  /** Copies the map. */
  public IndexStats {
    chunksByKind = Map.copyOf(chunksByKind);
  }
}
