package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.ChunkSource;
import dev.relearn.indexer.source.SourceProblem;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run keeps in memory only the chunks it has to write, not the whole source. */
class IndexBuilderMemoryTest {
  private static final int CHUNKS = 200;

  @TempDir Path dir;

  /** Makes fresh chunk objects on every read and remembers them weakly. */
  private static final class FreshSource implements ChunkSource {
    final List<WeakReference<Chunk>> made = new ArrayList<>();
    String changedText = "text 0";

    @Override
    public String origin() {
      return "/docs";
    }

    @Override
    public void read(Consumer<Chunk> out, Consumer<SourceProblem> problems) {
      made.clear();
      for (int i = 0; i < CHUNKS; i++) {
        String text = i == 0 ? changedText : "text " + i + " " + "words ".repeat(200);
        Chunk chunk = new Chunk("c" + i, "/docs", "f" + i + ".md", ChunkKind.MARKDOWN, "T" + i,
            List.of(), 1, 1, 10, text);
        made.add(new WeakReference<>(chunk));
        out.accept(chunk);
      }
    }
  }

  @Test
  void unchangedChunksAreNotHeldWhileTheChangedOnesAreEmbedded() throws Exception {
    ChunkSchema schema = new ChunkSchema(384);
    try (FSDirectory directory = FSDirectory.open(dir.resolve("index"));
        IndexWriter writer = new IndexWriter(directory,
            new IndexWriterConfig(schema.indexAnalyzer()))) {
      FreshSource source = new FreshSource();
      HashingEmbedder vectors = new HashingEmbedder();
      IndexBuilderFixture.builder(writer, schema, vectors, Progress.NONE).index(source);

      source.changedText = "text 0, edited";
      int[] heldWhileEmbedding = {-1};
      Progress probe = new Progress() {
        @Override
        public void start(String task, long total) {
          if (task.equals("embedding")) {
            heldWhileEmbedding[0] = stillReachable(source.made);
          }
        }

        @Override
        public void advance(long done) {}

        @Override
        public void finish() {}
      };
      IndexReport report =
          IndexBuilderFixture.builder(writer, schema, vectors, probe).index(source);
      assertEquals(CHUNKS - 1, report.unchanged());
      assertEquals(1, report.updated());
      assertEquals(1, heldWhileEmbedding[0], "only the edited chunk is still held");
    }
  }

  /** How many of {@code refs} survive garbage collection (retried: a collection is a request). */
  private static int stillReachable(List<WeakReference<Chunk>> refs) {
    int alive = refs.size();
    for (int attempt = 0; attempt < 20 && alive > 1; attempt++) {
      System.gc();
      alive = (int) refs.stream().filter(ref -> ref.get() != null).count();
    }
    assertTrue(alive >= 1, "the chunk being embedded is held");
    return alive;
  }
}
