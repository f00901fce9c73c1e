package dev.relearn.lucene.schema;

import dev.relearn.lucene.readers.SegmentCache;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.SortedDocValues;

/**
 * The chunk id of each document, read from the {@link ChunkSchema#ID} sorted doc values once per
 * document and segment, then kept. Looking an id up in sorted doc values means seeking and
 * decompressing a terms-dictionary block every time; re-ranking and learned values need the ids
 * of a hundred candidates per search. A segment's ids never change (learned fields are updated in
 * place, ids are not), so the cache of a segment lives as long as its core and is dropped when
 * Lucene closes it. The cache is thread-safe; each view is for one thread. Ids are {@link
 * #canonical}.
 */
public final class ChunkIds {
  private static final SegmentCache<AtomicReferenceArray<String>> BY_CORE =
      new SegmentCache<>(leaf -> new AtomicReferenceArray<>(leaf.maxDoc()));

  private final LeafReader reader;
  private final AtomicReferenceArray<String> ids;
  private SortedDocValues values;

  private ChunkIds(LeafReader reader, AtomicReferenceArray<String> ids) {
    this.reader = reader;
    this.ids = ids;
  }

  /**
   * The ids of {@code leaf}'s documents. The cache is shared by every reader of the same segment
   * core; the returned view reads through {@code leaf} and is meant for one thread at a time, as
   * doc values are.
   */
  public static ChunkIds of(LeafReader leaf) {
    return new ChunkIds(leaf, BY_CORE.get(leaf));
  }


  /**
   * The one shared instance of chunk id {@code id} ({@link String#intern}). Ids read here and ids
   * decoded from feedback evidence through this method are the same objects, so a map keyed by
   * one finds the other by reference, without comparing characters: the re-rank's boost lookups
   * then touch no string contents. Cache fills only; never per search.
   */
  public static String canonical(String id) {
    return id.intern();
  }

  /** The chunk id of segment document {@code doc}, or null when it has none. */
  public String get(int doc) throws IOException {
    String id = ids.get(doc);
    if (id == null) {
      if (values == null || values.docID() >= doc) { // doc values only move forward
        values = DocValues.getSorted(reader, ChunkSchema.ID);
      }
      if (!values.advanceExact(doc)) {
        return null;
      }
      id = canonical(values.lookupOrd(values.ordValue()).utf8ToString());
      ids.set(doc, id);
    }
    return id;
  }
}
