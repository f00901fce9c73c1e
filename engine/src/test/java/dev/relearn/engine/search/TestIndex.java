package dev.relearn.engine.search;

import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.FSDirectory;

/** A small on-disk chunk index with bag-of-letters vectors, built with the schema only. */
final class TestIndex implements AutoCloseable {
  static final int DIM = 26;
  final ChunkSchema schema = new ChunkSchema(DIM);
  final FSDirectory directory;
  final IndexWriter writer;

  TestIndex(Path dir, List<Chunk> chunks) throws IOException {
    directory = FSDirectory.open(dir);
    writer = new IndexWriter(directory, new IndexWriterConfig(schema.indexAnalyzer())
        .setSimilarity(ChunkSchema.similarity()));
    for (Chunk chunk : chunks) {
      writer.addDocument(schema.document(chunk, vector(chunk.searchableText()),
          LearnedValues.NEUTRAL, null));
    }
    writer.commit();
  }

  IndexSearcher searcher() throws IOException {
    IndexSearcher searcher = new IndexSearcher(DirectoryReader.open(writer));
    searcher.setSimilarity(ChunkSchema.similarity());
    return searcher;
  }

  /** Letter frequencies, normalised: similar spellings are near each other. */
  static float[] vector(String text) {
    float[] v = new float[DIM];
    for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
      if (c >= 'a' && c <= 'z') {
        v[c - 'a']++;
      }
    }
    v[0] += 0.01f;
    return VectorChecks.normalize(v);
  }

  static Chunk chunk(String id, String path, ChunkKind kind, String text) {
    return new Chunk(id, "/origin", path, kind, "", List.of(), 1, 1, text.length() / 4, text);
  }

  @Override
  public void close() throws IOException {
    writer.close();
    directory.close();
  }
}
