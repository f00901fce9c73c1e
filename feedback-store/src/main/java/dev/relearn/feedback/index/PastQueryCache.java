package dev.relearn.feedback.index;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.readers.SegmentCache;
import dev.relearn.lucene.schema.ChunkIds;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;

/**
 * Decoded cluster evidence, cached per segment. A cluster's stored fields never change within a
 * segment (an update deletes the document and adds a new one), so the evidence decoded for a
 * segment's document stays valid for the segment's life; the cache of a segment is dropped when
 * Lucene closes its core. This spares each similar-query lookup the stored-field decompression
 * and evidence decoding of its nearest clusters, the largest cost of a learned search. Decay is
 * applied per lookup, as time passes, as the past query's {@link PastQuery#scale}, so the cached
 * evidence is shared, never copied. Chunk ids are {@link ChunkIds#canonical}, the instances the
 * re-rank reads from the chunk index, so its boost lookups match by reference. Thread-safe.
 */
final class PastQueryCache {
  /** What a cluster document holds for lookups, before decay. */
  private record Entry(int events, Map<String, ChunkEvidence> chunks, long lastMillis,
      Set<String> sessions) {}

  private final SegmentCache<Map<Integer, Entry>> bySegment =
      new SegmentCache<>(leaf -> new ConcurrentHashMap<>());

  /**
   * The past query of top-level document {@code doc} of {@code reader}, decayed to {@code
   * nowMillis}.
   */
  PastQuery pastQuery(IndexReader reader, int doc, float similarity, Decay decay, long nowMillis)
      throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    int leafDoc = doc - leaf.docBase;
    Map<Integer, Entry> segment = bySegment.get(leaf.reader());
    Entry entry = segment.get(leafDoc);
    if (entry == null) {
      entry = load(leaf, leafDoc);
      segment.put(leafDoc, entry);
    }
    return new PastQuery(Math.max(-1f, Math.min(1f, similarity)), entry.events(), entry.chunks(),
        entry.lastMillis(), decay.factor(entry.lastMillis(), nowMillis), entry.sessions());
  }

  private static Entry load(LeafReaderContext leaf, int leafDoc) throws IOException {
    try {
      var doc = leaf.reader().storedFields().document(leafDoc, FeedbackFields.LOOKUP_FIELDS);
      Map<String, ChunkEvidence> chunks = FeedbackFields.chunks(doc);
      Map<String, ChunkEvidence> canonical = HashMap.newHashMap(chunks.size());
      chunks.forEach((id, evidence) -> canonical.put(ChunkIds.canonical(id), evidence));
      return new Entry(FeedbackFields.intValue(doc, FeedbackFields.EVENTS),
          Map.copyOf(canonical), FeedbackFields.longValue(doc, FeedbackFields.LAST_MILLIS),
          Set.of(doc.getValues(FeedbackFields.SESSION)));
    } catch (RuntimeException e) { // damaged bytes that Lucene's decompression or ours trips on
      throw new CorruptIndexException("cluster document " + leafDoc + " cannot be decoded: "
          + e.getMessage(), leaf.reader().toString(), e);
    }
  }
}
