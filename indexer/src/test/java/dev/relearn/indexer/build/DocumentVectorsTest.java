package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.embed.VectorStore;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of {@code relearn index} stopped by a signal halts the JVM mid-embedding, with no chance
 * to flush: each vector must already be in the cache file when the next one is embedded, so the
 * rerun finds every vector embedded before the signal (the cache used to buffer 64 records, and
 * a Ctrl-C within them lost them all).
 */
class DocumentVectorsTest {
  private static final int RECORD_BYTES = 32 + 4 * HashingEmbedder.DIMENSION + 4;

  @TempDir Path dir;

  @Test
  void eachEmbeddedVectorIsInTheCacheFileBeforeTheNextIsEmbedded() throws IOException {
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      chunks.add(new Chunk("c" + i, "/docs", "f" + i + ".md", ChunkKind.MARKDOWN, "T" + i,
          List.of(), 1, 1, 2, "text number " + i));
    }
    Path folder = dir.resolve("cache");
    List<Long> sizes = new ArrayList<>();
    try (VectorStore store = VectorStore.open(folder, HashingEmbedder.MODEL_ID,
        HashingEmbedder.DIMENSION)) {
      Path file;
      try (var files = Files.list(folder)) {
        file = files.findFirst().orElseThrow();
      }
      Progress probe = new Progress() {
        @Override
        public void start(String task, long total) {
          sizes.add(size(file));
        }

        @Override
        public void advance(long done) {
          sizes.add(size(file));
        }

        @Override
        public void finish() {}
      };
      new DocumentVectors(new HashingEmbedder(), store).vectorsFor(chunks, probe);
    }
    assertEquals(6, sizes.size(), "start, then one advance per chunk: " + sizes);
    for (int done = 1; done <= 5; done++) {
      assertEquals(sizes.get(0) + (long) done * RECORD_BYTES, sizes.get(done),
          "bytes on disk after " + done + " vectors: " + sizes);
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
