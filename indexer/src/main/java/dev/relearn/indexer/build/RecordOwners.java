package dev.relearn.indexer.build;

import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;

/**
 * Which other origins give up the given ids (JSONL, BEIR) a record source reads: an origin no
 * longer on disk (a file or corpus moved here) gives up all its chunks, and a record file or
 * corpus on disk that no longer holds an id (the record moved here, as when shards are re-cut)
 * gives up that one. A folder, or a record file still holding the id, keeps it.
 */
final class RecordOwners {
  private RecordOwners() {}

  /**
   * Moves into {@code existing} the chunks that their origins in {@code owners} (id to the other
   * origin holding it) give up, and takes their ids out of {@code owners}.
   */
  static void release(DirectoryReader reader, Map<String, String> owners,
      ExistingChunks existing) throws IOException {
    List<String> gone = owners.values().stream().distinct()
        .filter(origin -> !IndexOrigins.onDisk(origin)).toList();
    if (!gone.isEmpty()) {
      existing.addAll(ExistingChunks.read(reader, gone, null));
      owners.values().removeAll(gone);
    }
    Set<String> moved = new HashSet<>();
    for (String origin : Set.copyOf(owners.values())) {
      Set<String> held = heldIds(origin);
      if (held != null) {
        owners.forEach((id, owner) -> {
          if (owner.equals(origin) && !held.contains(id)) {
            moved.add(id);
          }
        });
      }
    }
    if (!moved.isEmpty()) {
      List<String> givers = moved.stream().map(owners::get).distinct().toList();
      existing.addAll(ExistingChunks.readIds(reader, givers, moved));
      owners.keySet().removeAll(moved);
    }
  }

  /**
   * The ids the record file or corpus {@code origin} holds now, or null for another kind or one
   * that cannot be read now (its own run reports why).
   */
  private static Set<String> heldIds(String origin) {
    Set<String> ids = new HashSet<>();
    try {
      Path path = Path.of(origin);
      SourceFormat format = Sources.detect(path);
      if (format != SourceFormat.JSONL && format != SourceFormat.BEIR) {
        return null;
      }
      Sources.open(path, format).read(chunk -> ids.add(chunk.id()), problem -> { });
    } catch (IllegalArgumentException | IOException e) {
      return null; // not a path here, gone since, or unreadable: it keeps its ids (a problem)
    }
    return ids;
  }
}
