package dev.relearn.lucene.schema;

import dev.relearn.lucene.fusion.TieOrder;
import dev.relearn.lucene.readers.SegmentCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedSetDocValues;

/**
 * The chunk id of each document, read from the {@link ChunkSchema#ID} doc values (or another
 * field's: an application's own key) once per document and segment, then kept. The field may
 * have {@code SORTED} doc values (a {@code SortedDocValuesField}) or {@code SORTED_SET} ones (a
 * {@code KeywordField}); a document with several values is known by the smallest. Looking an id
 * up in doc values means seeking and decompressing a terms-dictionary block every time;
 * re-ranking and learned values need the ids of a hundred candidates per search. A segment's ids
 * never change (Lucene updates only numeric and binary doc values in place), so the cache of a
 * segment lives as long as its core and is dropped when Lucene closes it. The cache is
 * thread-safe; each view is for one thread. Ids are {@link #canonical}.
 */
public final class ChunkIds {
  private static final Map<String, SegmentCache<AtomicReferenceArray<String>>> BY_FIELD =
      new ConcurrentHashMap<>();

  private final LeafReader reader;
  private final String field;
  private final AtomicReferenceArray<String> ids;
  private SortedSetDocValues values;

  private ChunkIds(LeafReader reader, String field, AtomicReferenceArray<String> ids) {
    this.reader = reader;
    this.field = field;
    this.ids = ids;
  }

  /**
   * The ids of {@code leaf}'s documents. The cache is shared by every reader of the same segment
   * core; the returned view reads through {@code leaf} and is meant for one thread at a time, as
   * doc values are.
   */
  public static ChunkIds of(LeafReader leaf) {
    return of(leaf, ChunkSchema.ID);
  }

  /**
   * As {@link #of(LeafReader)}, reading the ids from {@code field} instead of {@link
   * ChunkSchema#ID}; each field has its own cache.
   */
  public static ChunkIds of(LeafReader leaf, String field) {
    SegmentCache<AtomicReferenceArray<String>> cache = BY_FIELD.computeIfAbsent(
        Objects.requireNonNull(field, "field"),
        name -> new SegmentCache<>(core -> new AtomicReferenceArray<>(core.maxDoc())));
    return new ChunkIds(leaf, field, cache.get(leaf));
  }

  /**
   * Orders {@code reader}'s documents by chunk id, then (for equal or missing ids, which go last)
   * by doc id: relearn's {@link TieOrder}, which a cluster's coordinator applies too. Ids are read
   * only when two scores tie. For one thread and one search.
   */
  public static TieOrder tieOrder(IndexReader reader) {
    IntFunction<String> ids = byDoc(reader);
    Comparator<String> byId = Comparator.nullsLast(Comparator.naturalOrder());
    return (doc, other) -> {
      int byChunk = byId.compare(ids.apply(doc), ids.apply(other));
      return byChunk != 0 ? byChunk : Integer.compare(doc, other);
    };
  }

  /**
   * The chunk id of each of {@code reader}'s documents by its top-level doc id (null when one
   * has none), in any order. For one thread and one search.
   */
  public static IntFunction<String> byDoc(IndexReader reader) {
    List<LeafReaderContext> leaves = reader.leaves();
    ChunkIds[] views = new ChunkIds[leaves.size()];
    return doc -> idOf(leaves, views, doc);
  }

  private static String idOf(List<LeafReaderContext> leaves, ChunkIds[] views, int doc) {
    int leaf = ReaderUtil.subIndex(doc, leaves);
    if (views[leaf] == null) {
      views[leaf] = of(leaves.get(leaf).reader());
    }
    try {
      return views[leaf].get(doc - leaves.get(leaf).docBase);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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

  /**
   * The chunk id of segment document {@code doc}, or null when it has none.
   *
   * @throws IllegalStateException (Lucene's, naming the field) if the field has doc values of
   *     another type, numeric for example
   */
  public String get(int doc) throws IOException {
    String id = ids.get(doc);
    if (id == null) {
      if (values == null || values.docID() >= doc) { // doc values only move forward
        values = DocValues.getSortedSet(reader, field); // wraps SORTED as a singleton
      }
      if (!values.advanceExact(doc)) {
        return null;
      }
      id = canonical(values.lookupOrd(values.nextOrd()).utf8ToString());
      ids.set(doc, id);
    }
    return id;
  }
}
