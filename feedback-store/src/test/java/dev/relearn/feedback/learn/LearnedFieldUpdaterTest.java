package dev.relearn.feedback.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LearnedFieldUpdaterTest {
  @TempDir Path dir;

  @Test
  void writesAllFiveFieldsAndAReaderSeesThemAfterReopen() throws IOException {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 5, false)) {
      LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
      LearnedValues learned = new LearnedValues(2.75, 1.25, 3, 1, 1_700_000_000_123L);
      IndexSearcher before = index.searchers.acquire();
      try {
        updater.stage("c2", learned);
        assertEquals(1, updater.pending());
        assertEquals(1, updater.flush());
        assertEquals(0, updater.pending());
        assertEquals(LearnedValues.NEUTRAL, ChunkIndexFixture.read(before, "c2"),
            "an old searcher keeps its point in time");
      } finally {
        index.searchers.release(before);
      }
      assertEquals(learned, index.read("c2"));
      assertEquals(LearnedValues.NEUTRAL, index.read("c1"));
      index.writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(index.directory)) {
        assertEquals(learned, ChunkIndexFixture.read(new IndexSearcher(reader), "c2"));
      }
    }
  }

  @Test
  void stagingTheSameChunkThriceIsOneUpdateWithTheLatestValue() throws IOException {
    try (FSDirectory directory = FSDirectory.open(dir)) {
      AtomicInteger calls = new AtomicInteger();
      try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig()) {
        @Override
        public long updateDocValues(Term term, Field... updates) throws IOException {
          calls.incrementAndGet();
          assertEquals(5, updates.length, "all five learned fields in one call");
          return super.updateDocValues(term, updates);
        }
      }) {
        writer.addDocument(ChunkIndexFixture.document("c0"));
        LearnedFieldUpdater updater = new LearnedFieldUpdater(writer);
        for (int i = 1; i <= 3; i++) {
          updater.stage("c0", new LearnedValues(i, i, i, i, i));
        }
        assertEquals(1, updater.pending());
        assertEquals(1, updater.flush());
        assertEquals(1, calls.get());
        assertEquals(0, updater.flush(), "nothing left to flush");
        try (DirectoryReader reader = DirectoryReader.open(writer)) {
          assertEquals(new LearnedValues(3, 3, 3, 3, 3),
              ChunkIndexFixture.read(new IndexSearcher(reader), "c0"));
        }
      }
    }
  }

  @Test
  void unknownIdsAreThoseWithNoLiveDocument() throws IOException {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 4, false)) {
      index.writer.deleteDocuments(ChunkSchema.idTerm("c3"));
      index.searchers.maybeRefreshBlocking();
      IndexSearcher searcher = index.searchers.acquire();
      try {
        assertEquals(Set.of("c3", "zz"), LearnedFieldUpdater.unknownIds(searcher,
            List.of("c0", "c3", "zz", "c1")));
        assertEquals(Set.of(), LearnedFieldUpdater.unknownIds(searcher, List.of()));
      } finally {
        index.searchers.release(searcher);
      }
      LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
      updater.stage("zz", new LearnedValues(1, 1, 1, 1, 1));
      assertEquals(1, updater.flush(), "an unknown id is attempted and changes nothing");
      assertEquals(LearnedValues.NEUTRAL, index.read("c0"));
    }
  }

  @Test
  void updatesWorkWithOverlaysAcrossManyBatchesAndCommits() throws IOException {
    Random random = new Random(5);
    Map<String, LearnedValues> expected = new HashMap<>();
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 200, true)) {
      assertEquals(LearnedFieldUpdater.OVERLAYS,
          index.writer.getConfig().getMaxDocValuesOverlays());
      LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
      for (int batch = 0; batch < 3 * LearnedFieldUpdater.OVERLAYS; batch++) {
        for (int i = 0; i < 10; i++) {
          String id = "c" + random.nextInt(200);
          LearnedValues values = new LearnedValues(random.nextDouble() * 9, random.nextDouble(),
              random.nextInt(5), random.nextInt(5), 1_700_000_000_000L + batch);
          updater.stage(id, values);
          expected.put(id, values);
        }
        updater.flush();
        if (batch == LearnedFieldUpdater.OVERLAYS + 2) {
          index.writer.commit(); // overlays survive a commit (commits are slow: fsync)
        }
        index.searchers.maybeRefreshBlocking();
        assertAll(index.searchers.acquire(), expected, index.searchers::release);
      }
      index.writer.commit();
      assertTrue(SegmentInfos.readLatestCommit(index.directory).asList().stream()
          .anyMatch(SegmentCommitInfo::hasDocValuesOverlays), "the updates were overlays");
      index.writer.forceMerge(1);
      index.writer.commit();
    }
    try (Directory directory = FSDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      assertEquals(1, reader.leaves().size());
      assertAll(new IndexSearcher(reader), expected, searcher -> { });
    }
  }

  /** Releases a searcher. */
  private interface Release {
    void release(IndexSearcher searcher) throws IOException;
  }

  private static void assertAll(IndexSearcher searcher, Map<String, LearnedValues> expected,
      Release release) throws IOException {
    try {
      for (Map.Entry<String, LearnedValues> entry : expected.entrySet()) {
        assertEquals(entry.getValue(), ChunkIndexFixture.read(searcher, entry.getKey()),
            entry.getKey());
      }
    } finally {
      release.release(searcher);
    }
  }

  @Test
  void aFailedFlushKeepsItsChangesStaged() throws IOException {
    ChunkIndexFixture index = ChunkIndexFixture.open(dir, 2, false);
    LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
    index.close();
    updater.stage("c0", new LearnedValues(1, 1, 1, 1, 1));
    updater.stage("c1", new LearnedValues(2, 2, 2, 2, 2));
    assertThrows(AlreadyClosedException.class, updater::flush);
    assertEquals(2, updater.pending());
  }

  @Test
  void stagingRejectsBlankIds() throws IOException {
    try (ChunkIndexFixture index = ChunkIndexFixture.open(dir, 1, false)) {
      LearnedFieldUpdater updater = new LearnedFieldUpdater(index.writer);
      assertEquals("chunk id must not be blank, got: ''", assertThrows(
          IllegalArgumentException.class,
          () -> updater.stage("", LearnedValues.NEUTRAL)).getMessage());
    }
  }
}
