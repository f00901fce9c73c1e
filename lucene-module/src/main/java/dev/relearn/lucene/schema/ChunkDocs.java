package dev.relearn.lucene.schema;

import dev.relearn.lucene.readers.SegmentCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.LeafReader;

/**
 * The inverse of {@link ChunkIds}: a segment's documents by chunk id, so that a search can find
 * the few documents similar past queries vouch for without reading the id of every candidate.
 * Built once per segment core, on first use, from every document's {@link ChunkIds} entry
 * (deleted documents included, as a rescorer ranks whatever it is given), and dropped when Lucene
 * closes the core. Ids are {@link ChunkIds#canonical}, so lookups with canonical ids match by
 * reference. Memory: one map entry per distinct id of each open segment. Thread-safe.
 */
public final class ChunkDocs {
  private static final int[] NONE = new int[0];
  private static final Map<String, SegmentCache<ChunkDocs>> BY_FIELD = new ConcurrentHashMap<>();

  private final Map<String, int[]> docsById;

  private ChunkDocs(Map<String, int[]> docsById) {
    this.docsById = docsById;
  }

  /**
   * The documents of {@code leaf}'s segment by the ids in {@code field}'s doc values (see {@link
   * ChunkIds#of(LeafReader, String)}); the first call for a segment reads all its ids.
   *
   * @throws IOException if reading the ids fails (nothing is cached then)
   */
  public static ChunkDocs of(LeafReader leaf, String field) throws IOException {
    SegmentCache<ChunkDocs> cache = BY_FIELD.computeIfAbsent(
        Objects.requireNonNull(field, "field"), name -> new SegmentCache<>(core -> {
          try {
            return build(core, name);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }));
    try {
      return cache.get(leaf);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * The segment-local documents whose chunk id is {@code id}, ascending; empty when none. The
   * array is shared: do not modify it.
   */
  public int[] docs(String id) {
    int[] docs = docsById.get(id);
    return docs != null ? docs : NONE;
  }

  private static ChunkDocs build(LeafReader leaf, String field) throws IOException {
    ChunkIds ids = ChunkIds.of(leaf, field);
    Map<String, int[]> docsById = new HashMap<>();
    for (int doc = 0; doc < leaf.maxDoc(); doc++) {
      String id = ids.get(doc);
      if (id != null) {
        docsById.merge(id, new int[] {doc}, ChunkDocs::append);
      }
    }
    return new ChunkDocs(docsById);
  }

  private static int[] append(int[] docs, int[] more) {
    int[] out = Arrays.copyOf(docs, docs.length + more.length);
    System.arraycopy(more, 0, out, docs.length, more.length);
    return out;
  }
}
