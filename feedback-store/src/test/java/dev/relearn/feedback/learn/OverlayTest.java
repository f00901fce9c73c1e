package dev.relearn.feedback.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverlayTest {
  @TempDir Path dir;

  @Test
  void stagedValuesShowBeforeTheFlushAndDocValuesAfter() throws IOException {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 3, true)) {
      Overlay overlay = new Overlay();
      LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
      LearnedValues strong = new LearnedValues(1, 1.25, 1, 0, 1_700_000_000_000L);
      overlay.put("c1", strong);
      updater.stage("c1", strong);
      assertEquals(strong, effective(index, overlay, "c1"), "visible before any flush");
      assertEquals(LearnedValues.NEUTRAL, effective(index, overlay, "c0"));

      Map<String, LearnedValues> flushed = updater.flushValues();
      index.searchers.maybeRefreshBlocking();
      assertEquals(1, overlay.clearFlushed(flushed));
      assertNull(overlay.get("c1"));
      assertEquals(0, overlay.size());
      assertEquals(strong, effective(index, overlay, "c1"), "now from the doc values");
    }
  }

  @Test
  void aValueStagedDuringAFlushIsKept() throws IOException {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 3, false)) {
      Overlay overlay = new Overlay();
      LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
      LearnedValues first = new LearnedValues(1, 1, 1, 0, 10);
      LearnedValues second = new LearnedValues(2, 2, 2, 0, 20);
      overlay.put("c2", first);
      updater.stage("c2", first);
      Map<String, LearnedValues> flushed = updater.flushValues();
      overlay.put("c2", second); // arrives after the flush took the first value
      updater.stage("c2", second);
      index.searchers.maybeRefreshBlocking();
      assertEquals(0, overlay.clearFlushed(flushed));
      assertFalse(overlay.remove("c2", first));
      assertEquals(second, effective(index, overlay, "c2"));
      assertEquals(first, index.read("c2"), "the doc values hold the first value so far");

      Map<String, LearnedValues> again = updater.flushValues();
      assertEquals(Map.of("c2", second), again);
      index.searchers.maybeRefreshBlocking();
      assertEquals(1, overlay.clearFlushed(again));
      assertNull(overlay.get("c2"));
      assertEquals(second, effective(index, overlay, "c2"));
    }
  }

  @Test
  void concurrentStagingDuringFlushesLosesNothing() throws Exception {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 20, true)) {
      Overlay overlay = new Overlay();
      LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
      AtomicBoolean done = new AtomicBoolean();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      int writes = 3000;
      Thread feeder = Thread.ofPlatform().name("overlay-test-feeder").start(() -> {
        try {
          for (int i = 1; i <= writes; i++) {
            LearnedValues values = new LearnedValues(i, i, i, 0, i);
            overlay.put("c" + (i % 20), values);
            updater.stage("c" + (i % 20), values);
          }
        } catch (Throwable t) {
          failure.set(t);
        } finally {
          done.set(true);
        }
      });
      while (!done.get()) {
        Map<String, LearnedValues> flushed = updater.flushValues();
        index.searchers.maybeRefreshBlocking();
        overlay.clearFlushed(flushed);
      }
      feeder.join();
      assertNull(failure.get());
      for (int c = 0; c < 20; c++) {
        int last = writes - ((writes - c) % 20);
        LearnedValues latest = new LearnedValues(last, last, last, 0, last);
        assertEquals(latest, effective(index, overlay, "c" + c), "c" + c + " before the flush");
      }
      Map<String, LearnedValues> flushed = updater.flushValues();
      index.searchers.maybeRefreshBlocking();
      overlay.clearFlushed(flushed);
      assertEquals(0, overlay.size());
      for (int c = 0; c < 20; c++) {
        int last = writes - ((writes - c) % 20);
        assertEquals(new LearnedValues(last, last, last, 0, last), index.read("c" + c));
      }
    }
  }

  @Test
  void anEmptyOverlayReadsTheDocValues() throws IOException {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 2, false)) {
      Overlay overlay = new Overlay();
      assertEquals(LearnedValues.NEUTRAL, effective(index, overlay, "c0"));
      overlay.put("c1", new LearnedValues(3, 0, 0, 0, 0));
      overlay.clear();
      assertEquals(0, overlay.size());
      assertEquals(0, overlay.clearFlushed(Map.of("c1", LearnedValues.NEUTRAL)));
    }
  }

  /** Both lookups of the overlay, which must agree: by the id given and by the id read. */
  private static LearnedValues effective(ChunkIndexFixture index, Overlay overlay, String id)
      throws IOException {
    index.searchers.maybeRefreshBlocking();
    IndexSearcher searcher = index.searchers.acquire();
    try {
      int doc = searcher.search(new TermQuery(new Term("id", id)), 1).scoreDocs[0].doc;
      List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
      LeafReaderContext context = leaves.get(ReaderUtil.subIndex(doc, leaves));
      LeafReader leaf = context.reader();
      LearnedValues byId = overlay.effective(id, leaf, doc - context.docBase);
      assertEquals(byId, overlay.effective(leaf, doc - context.docBase));
      assertEquals(byId, overlay.forLeaf(leaf).read(doc - context.docBase));
      return byId;
    } finally {
      index.searchers.release(searcher);
    }
  }
}
