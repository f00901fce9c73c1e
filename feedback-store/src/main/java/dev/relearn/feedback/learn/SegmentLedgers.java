package dev.relearn.feedback.learn;

import dev.relearn.lucene.readers.SegmentCache;
import dev.relearn.lucene.schema.ChunkIds;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apache.lucene.index.LeafReader;

/**
 * {@link ChunkAggregates}' values by segment document, as searches read them: each document's
 * {@link ChunkLedger} is found by chunk id once, then kept in a per-segment slot (an array read
 * instead of a hash lookup per candidate).
 *
 * <p>A slot holds the ledger, or the {@linkplain ChunkAggregates#absentMark() absent mark} current
 * when none was found; creating a ledger replaces the mark (after the map changes; readers take
 * it before reading the map), so stale "absent" slots are looked up again. Values are read
 * through the ledgers, so updates need no invalidation; a renamed chunk's ledger moves to its new
 * id ({@link ChunkAggregates#move}), and a slot of the old id's document, deleted by then, may
 * still hold it. Memory: one
 * reference per document of each open segment. Thread-safe; each {@link
 * LearnedValuesSource.LeafValues} is for one thread.
 */
final class SegmentLedgers implements LearnedValuesSource {
  private final ChunkAggregates aggregates;
  private final SegmentCache<AtomicReferenceArray<Object>> bySegment =
      new SegmentCache<>(leaf -> new AtomicReferenceArray<>(leaf.maxDoc()));

  SegmentLedgers(ChunkAggregates aggregates) {
    this.aggregates = aggregates;
  }

  @Override
  public LeafValues forLeaf(LeafReader leaf) {
    Object absent = aggregates.absentMark();
    AtomicReferenceArray<Object> byDoc = bySegment.get(leaf);
    ChunkIds ids = ChunkIds.of(leaf);
    return doc -> {
      Object slot = byDoc.get(doc);
      if (slot instanceof ChunkLedger ledger) {
        return ledger.values();
      }
      if (slot == absent) {
        return LearnedValues.NEUTRAL;
      }
      String chunkId = ids.get(doc);
      ChunkLedger ledger = chunkId == null ? null : aggregates.ledger(chunkId);
      byDoc.set(doc, ledger != null ? ledger : absent);
      return ledger != null ? ledger.values() : LearnedValues.NEUTRAL;
    };
  }
}
