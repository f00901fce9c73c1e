package dev.relearn.feedback.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.schema.ChunkIds;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.nio.file.Path;
import java.util.Random;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ChunkAggregates#bySegment()} caches each document's ledger per segment; these tests check
 * that it always reads exactly what {@link ChunkAggregates#get} says, through every change that
 * could leave a slot stale: a ledger created for a chunk first seen as absent, a chunk removed and
 * learned again, a session forgotten, a clear.
 */
class SegmentLedgersTest {
  private static final int CHUNKS = 40;

  @TempDir Path dir;

  @Test
  void readsWhatTheAggregatesSayThroughEveryKindOfChange() throws Exception {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, CHUNKS, false)) {
      ChunkAggregates aggregates = new ChunkAggregates();
      assertAllMatch(index, aggregates); // every slot now holds the absent mark
      aggregates.add("c3", new ChunkEvidence(1, 1, 1, 0), 1_000, "s1");
      assertEquals(1, readAll(index, aggregates)[3].clicks(), 1e-12,
          "a chunk first read as absent is seen once it has a ledger");
      aggregates.add("c3", new ChunkEvidence(1, 1, 0, 1), 2_000, "s2");
      assertEquals(2, readAll(index, aggregates)[3].clicks(), 1e-12,
          "a known chunk's new values are read through its ledger");

      Random random = new Random(42);
      for (int round = 0; round < 200; round++) {
        aggregates.add("c" + random.nextInt(CHUNKS), new ChunkEvidence(random.nextInt(3),
            random.nextInt(2), random.nextInt(2), random.nextInt(2)), 1_000 + round,
            "s" + random.nextInt(5));
        assertAllMatch(index, aggregates);
      }
    }
  }

  @Test
  void aSlotCacheIsPerAggregatesInstance() throws Exception {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, CHUNKS, false)) {
      ChunkAggregates first = new ChunkAggregates();
      ChunkAggregates second = new ChunkAggregates();
      first.add("c1", new ChunkEvidence(1, 1, 0, 0), 1_000, "s");
      assertNotEquals(LearnedValues.NEUTRAL, readAll(index, first)[1]);
      assertEquals(LearnedValues.NEUTRAL, readAll(index, second)[1]);
    }
  }

  private static void assertAllMatch(ChunkIndexFixture index, ChunkAggregates aggregates)
      throws Exception {
    LearnedValues[] read = readAll(index, aggregates);
    for (int i = 0; i < CHUNKS; i++) {
      assertEquals(aggregates.get("c" + i), read[i], "chunk c" + i);
    }
  }

  /** The values of c0 .. c(n-1), read through the segment cache, indexed by chunk number. */
  private static LearnedValues[] readAll(ChunkIndexFixture index, ChunkAggregates aggregates)
      throws Exception {
    LearnedValues[] out = new LearnedValues[CHUNKS];
    IndexSearcher searcher = index.searchers.acquire();
    try {
      LearnedValuesSource source = aggregates.bySegment();
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        LearnedValuesSource.LeafValues values = source.forLeaf(leaf.reader());
        ChunkIds ids = ChunkIds.of(leaf.reader());
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          out[Integer.parseInt(ids.get(doc).substring(1))] = values.read(doc);
        }
      }
    } finally {
      index.searchers.release(searcher);
    }
    return out;
  }
}
