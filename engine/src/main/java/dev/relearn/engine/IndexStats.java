package dev.relearn.engine;

import dev.relearn.indexer.build.IndexOrigins;
import java.nio.file.LinkOption;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What an index holds: live chunks in total, per kind label and per source (absolute path), the
 * distinct sources, Lucene segments, and the bytes of the chunk index and the feedback folder.
 *
 * @param modelId the embedding model it was built with (kept when every chunk is removed)
 * @param unfinished the sources whose last index run stopped after committing part of them
 *     (killed, Ctrl-C, a full disk): indexing them again finishes them
 */
public record IndexStats(String directory, String modelId, int dimension, int chunks,
    Map<String, Integer> chunksByKind, int origins, Map<String, Integer> chunksByOrigin,
    Set<String> unfinished, int segments, long sizeBytes, long feedbackBytes) {
  /** Copies the maps and set sorted by key, and checks that {@code origins} counts the sources. */
  public IndexStats {
    chunksByKind = Collections.unmodifiableSortedMap(new TreeMap<>(chunksByKind));
    chunksByOrigin = Collections.unmodifiableSortedMap(new TreeMap<>(chunksByOrigin));
    unfinished = Collections.unmodifiableSortedSet(new TreeSet<>(unfinished));
    if (origins != chunksByOrigin.size()) {
      throw new IllegalArgumentException("origins must be the " + chunksByOrigin.size()
          + " sources listed, got: " + origins);
    }
  }

  /**
   * The sources that name no file or folder here, not even a dangling link (moved, renamed or
   * deleted since they were indexed): search still finds their chunks until they are removed.
   */
  public List<String> missingOrigins() {
    return chunksByOrigin.keySet().stream()
        .filter(origin -> !IndexOrigins.onDisk(origin, LinkOption.NOFOLLOW_LINKS)).toList();
  }
}
