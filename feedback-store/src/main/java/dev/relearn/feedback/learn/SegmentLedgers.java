package dev.relearn.feedback.learn;

import dev.relearn.lucene.readers.SegmentCache;
import dev.relearn.lucene.schema.ChunkIds;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apache.lucene.index.LeafReader;

/**
 * {@link ChunkAggregates}' values by segment document, as searches read them: each document's
 * {@link ChunkLedger} is found by chunk id once and then kept in a per-segment slot, so that a
 * re-rank of a hundred candidates reads a hundred slots instead of making a hundred hash lookups
 * by id (each a chain of cache misses: table, node, and both ids' characters).
 *
 * <p><b>Staying exact.</b> A slot holds the document's ledger, or the {@linkplain
 * ChunkAggregates#absentMark() absent mark} that was current when no ledger was found. Creating a
 * ledger replaces the mark, so every "absent" slot goes stale at once and is looked up again.
 * The mark changes after the map does, and a reader takes it before it reads the map, so a slot
 * filled meanwhile is at worst looked up again on the next search. Ledgers are never removed
 * (the store derives new aggregates instead), and a ledger's values are read through it, so
 * updates to a known chunk need no invalidation at all.
 *
 * <p>Memory: one reference per document of each open segment, held as long as the segment core
 * is open. Thread-safe; each {@link LearnedValuesSource.LeafValues} is for one thread.
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
