package dev.relearn.feedback.learn;

import dev.relearn.lucene.schema.ChunkIds;
import dev.relearn.lucene.schema.LeafLearnedValues;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.LeafReader;

/**
 * Learned values that readers of the doc values must see before the doc values hold them: every
 * changed value is {@link #put} here at once, and is visible to the very next search that reads
 * the doc values through this overlay, while the doc values are written in a later batch. (The
 * engine's own searches read the in-memory aggregates instead, through {@code SegmentLedgers}.)
 * Once a refreshed searcher sees the flushed values, {@link #clearFlushed} drops the entries, but
 * only those still holding exactly what was flushed: a newer value put during the flush stays
 * until it is flushed in turn.
 *
 * <p>Put a value here <em>before</em> staging it with {@link LearnedFieldUpdater#stage}: then a
 * flush can only take a value the overlay already holds, and no entry outlives its flush.
 *
 * <p>Thread-safe. Reads are one {@link ConcurrentHashMap} lookup, and none at all while the
 * overlay is empty.
 *
 * <p>A search that acquired its searcher before a refresh and reads the overlay after the clear
 * may see the previous values for that one search; clear only after the refresh returns.
 */
public final class Overlay implements LearnedValuesSource {
  private final ConcurrentHashMap<String, LearnedValues> values = new ConcurrentHashMap<>();

  /** Makes a chunk's values visible now, replacing any value it held. */
  public void put(String chunkId, LearnedValues learned) {
    Objects.requireNonNull(chunkId, "chunkId");
    Objects.requireNonNull(learned, "learned");
    values.put(chunkId, learned);
  }

  /** The overlay's value for a chunk, or null if it has none. */
  public LearnedValues get(String chunkId) {
    return values.get(chunkId);
  }

  /** The values a search must use: the overlay's if it has some, else the doc values. */
  public LearnedValues effective(String chunkId, LeafReader leaf, int doc) throws IOException {
    LearnedValues overlaid = values.isEmpty() ? null : values.get(chunkId);
    return overlaid != null ? overlaid : LearnedValues.read(leaf, doc);
  }

  /**
   * The values a search must use for a document, reading its chunk id (through {@link ChunkIds})
   * only when the overlay is not empty.
   */
  public LearnedValues effective(LeafReader leaf, int doc) throws IOException {
    if (values.isEmpty()) {
      return LearnedValues.read(leaf, doc);
    }
    String id = ChunkIds.of(leaf).get(doc);
    if (id == null) {
      throw new IllegalStateException("document " + doc + " of " + leaf + " has no chunk id");
    }
    return effective(id, leaf, doc);
  }

  /**
   * Reads a segment through the overlay: a chunk with an overlay entry gets it, every other
   * document its doc values. With an empty overlay this is the plain doc-values reader.
   */
  @Override
  public LeafValues forLeaf(LeafReader leaf) throws IOException {
    LeafLearnedValues docValues = LeafLearnedValues.of(leaf);
    if (values.isEmpty()) {
      return docValues;
    }
    ChunkIds ids = ChunkIds.of(leaf); // cached per segment: no terms-dictionary seek per hit
    return doc -> {
      String id = ids.get(doc);
      LearnedValues overlaid = id == null ? null : values.get(id);
      return overlaid != null ? overlaid : docValues.read(doc);
    };
  }

  /**
   * Drops a chunk's entry if it still holds exactly {@code flushed}.
   *
   * @return whether it was dropped
   */
  public boolean remove(String chunkId, LearnedValues flushed) {
    return values.remove(chunkId, flushed);
  }

  /**
   * Drops each entry that still holds exactly the value flushed for it; call after the searcher
   * refresh that made those values visible.
   *
   * @param flushed what {@link LearnedFieldUpdater#flushValues()} applied
   * @return how many entries were dropped
   */
  public int clearFlushed(Map<String, LearnedValues> flushed) {
    int dropped = 0;
    for (Map.Entry<String, LearnedValues> entry : flushed.entrySet()) {
      if (values.remove(entry.getKey(), entry.getValue())) {
        dropped++;
      }
    }
    return dropped;
  }

  /** The number of chunks overlaid. */
  public int size() {
    return values.size();
  }

  /** Drops every entry, for example after a recompute that flushed everything. */
  public void clear() {
    values.clear();
  }
}
