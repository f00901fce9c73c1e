package dev.relearn.indexer.build;

import dev.relearn.lucene.schema.Chunk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Finds the indexed chunk each new or changed chunk replaces, whose learned values it keeps. In
 * order, the first that applies:
 *
 * <ol>
 *   <li>the chunk with the same id;
 *   <li>for a folder, whose ids derive from paths: a vanished chunk with the same content (a
 *       renamed or moved file; first, so that new text written under the old name and heading
 *       does not take what the moved text learned);
 *   <li>a vanished chunk at the same path with the same heading path and title (a section whose
 *       text was edited);
 *   <li>a vanished chunk at the same path and lines (a code window whose enclosing declaration
 *       or title changed, a class renamed say, or whose heading path relearn now derives
 *       differently).
 * </ol>
 *
 * Each vanished chunk is matched at most once; a matched one is taken out of {@code vanished}.
 */
final class Predecessors {
  private Predecessors() {}

  /**
   * The predecessor of each of {@code toWrite}, or null.
   *
   * @param vanished the origin's chunks the source no longer has, by section key; matched ones
   *     are removed
   * @param matchText whether step 2 applies
   */
  static List<ExistingChunks.Entry> find(List<Chunk> toWrite, ExistingChunks existing,
      Map<String, List<ExistingChunks.Entry>> vanished, boolean matchText) {
    List<ExistingChunks.Entry> found = new ArrayList<>(toWrite.size());
    for (Chunk chunk : toWrite) {
      found.add(existing.get(chunk.id()));
    }
    if (matchText) {
      matchRest(toWrite, found, vanished, Chunk::sha256, ExistingChunks.Entry::sha256);
    }
    matchRest(toWrite, found, vanished, chunk -> ExistingChunks.sectionKey(chunk.path(),
        chunk.headingPath(), chunk.title()), ExistingChunks.Entry::section);
    matchRest(toWrite, found, vanished,
        chunk -> placeKey(chunk.path(), chunk.startLine(), chunk.endLine()),
        entry -> placeKey(entry.path(), entry.startLine(), entry.endLine()));
    return found;
  }

  /**
   * Gives each chunk still without a predecessor a vanished one with the same key, if any; a null
   * key matches nothing.
   */
  private static void matchRest(List<Chunk> toWrite, List<ExistingChunks.Entry> found,
      Map<String, List<ExistingChunks.Entry>> vanished, Function<Chunk, String> chunkKey,
      Function<ExistingChunks.Entry, String> entryKey) {
    Map<String, List<ExistingChunks.Entry>> byKey = new HashMap<>();
    for (List<ExistingChunks.Entry> entries : vanished.values()) {
      for (ExistingChunks.Entry entry : entries) {
        String key = entryKey.apply(entry);
        if (key != null) {
          byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(entry);
        }
      }
    }
    if (byKey.isEmpty()) {
      return;
    }
    for (int i = 0; i < toWrite.size(); i++) {
      String key = found.get(i) == null ? chunkKey.apply(toWrite.get(i)) : null;
      List<ExistingChunks.Entry> candidates = key == null ? null : byKey.get(key);
      if (candidates != null && !candidates.isEmpty()) {
        ExistingChunks.Entry match = candidates.removeFirst();
        vanished.get(match.section()).remove(match);
        found.set(i, match);
      }
    }
  }

  /** Path and lines; null for a record without lines (a JSONL or BEIR record's are its own). */
  private static String placeKey(String path, int startLine, int endLine) {
    return startLine < 1 ? null : path + '\u0000' + startLine + '-' + endLine;
  }
}
