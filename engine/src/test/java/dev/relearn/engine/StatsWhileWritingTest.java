package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Relearn#stats()} and dry-run removals while a writer changes the index: a read-only
 * engine reports the writer's newer commits without needing a search first, and a file the
 * writer deletes between listing and sizing is not an error.
 */
class StatsWhileWritingTest {
  @TempDir Path tmp;

  @Test
  void aReadOnlyEnginesStatsAndDryRunsFollowTheWriter() throws Exception {
    Path index = tmp.resolve("idx");
    Path docs = KeyDocs.write(tmp);
    Path more = Files.createDirectories(tmp.resolve("more"));
    Files.writeString(more.resolve("zebra.md"), "# Zebra\nZebra migration crosses rivers.\n");
    try (Relearn writer = Relearn.open(index, HASHING)) {
      writer.index(docs, SourceFormat.AUTO, Progress.NONE);
      writer.index(more, SourceFormat.AUTO, Progress.NONE);
      try (Relearn reader = Relearn.open(index, HASHING.withReadOnly(true))) {
        assertEquals(writer.stats().chunks(), reader.stats().chunks());
        writer.remove(List.of(more), false);
        assertTrue(eventually(() -> {
          try {
            reader.remove(List.of(more), true);
            return false; // still counts the removed source's chunks
          } catch (IllegalArgumentException noLongerASource) {
            return true;
          }
        }), "a dry run on the read-only engine never saw the removal");
        writer.index(more, SourceFormat.AUTO, Progress.NONE);
        int all = writer.stats().chunks();
        assertTrue(eventually(() -> reader.stats().chunks() == all),
            "the read-only engine's stats never saw the new commit");
      }
    }
  }

  @Test
  void aFileDeletedBetweenListingAndSizingIsSkipped() throws Exception {
    Path index = tmp.resolve("idx");
    int chunks;
    try (Relearn writer = Relearn.open(index, HASHING)) {
      chunks = writer.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE).chunks();
    }
    try (Directory gone = new FilterDirectory(FSDirectory.open(index)) {
          @Override
          public String[] listAll() throws IOException {
            String[] listed = super.listAll();
            String[] files = Arrays.copyOf(listed, listed.length + 1);
            files[files.length - 1] = "_merged_away.si"; // listed, deleted before fileLength
            return files;
          }
        };
        SearcherManager searchers = ChunkIndexFolder.searchers(gone)) {
      IndexMetadata metadata = IndexMetadata.read(gone);
      IndexStats stats = StatsReader.read(index, gone, searchers, metadata);
      assertEquals(chunks, stats.chunks());
      assertTrue(stats.sizeBytes() > 0);
    }
  }

  @FunctionalInterface
  private interface Check {
    boolean holds() throws IOException;
  }

  /** Whether {@code check} holds within a minute (a liveness bound for a loaded machine). */
  private static boolean eventually(Check check) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (check.holds()) {
        return true;
      }
      Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS);
    }
    return check.holds();
  }
}
