package dev.relearn.indexer.chunk;

import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Content-derived chunk ids: {@code path + "#" + the first 12 hex digits of }{@link
 * Chunk#sha256()}. An unchanged chunk keeps its id when other parts of its file change; when the
 * same content repeats within one file, later copies get {@code ~2}, {@code ~3}, ... in order.
 */
public final class ChunkIds {
  private static final int HASH_CHARS = 12;
  private static final String DRAFT_ID = "draft";

  private ChunkIds() {}

  /**
   * Gives the chunks of one file their final ids, dropping chunks whose text is blank.
   *
   * @param chunks the chunks of one file in document order; their current ids are ignored
   * @return new chunks, in the same order
   */
  public static List<Chunk> assign(List<Chunk> chunks) {
    Map<String, Integer> seen = new HashMap<>();
    List<Chunk> result = new ArrayList<>(chunks.size());
    for (Chunk chunk : chunks) {
      if (chunk.text().isBlank()) {
        continue;
      }
      String base = chunk.path() + "#" + chunk.sha256().substring(0, HASH_CHARS);
      int copy = seen.merge(base, 1, Integer::sum);
      String id = copy == 1 ? base : base + "~" + copy;
      result.add(new Chunk(id, chunk.origin(), chunk.path(), chunk.kind(), chunk.title(),
          chunk.headingPath(), chunk.startLine(), chunk.endLine(), chunk.tokenEstimate(),
          chunk.text()));
    }
    return result;
  }

  /** A chunk with a placeholder id and an estimated token count, for {@link #assign}. */
  static Chunk draft(String origin, String path, ChunkKind kind, String title,
      List<String> headingPath, int startLine, int endLine, String text) {
    return new Chunk(DRAFT_ID, origin, path, kind, title, headingPath, startLine, endLine,
        TokenEstimator.estimate(text), text);
  }
}
