package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.VectorEncoding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Vectors reused by content hash from a quantised index are the floats the model produced, not
 * their quantised approximation: the quantised formats keep the raw floats.
 */
class QuantisedVectorReuseTest {
  private static final int CHUNKS = 150; // above Lucene's 100-vector threshold for a graph

  @TempDir Path dir;

  @Test
  void vectorsReadBackFromEveryEncodingAreTheEmbeddedFloats() throws Exception {
    HashingEmbedder embedder = new HashingEmbedder();
    ChunkSchema schema = new ChunkSchema(HashingEmbedder.DIMENSION);
    List<Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < CHUNKS; i++) {
      chunks.add(new Chunk("c" + i, "/o", "p" + i + ".md", ChunkKind.TEXT, "", List.of(), 1, 1, 4,
          "note " + i + " about topic " + (i * 7919 % 101)));
    }
    for (VectorEncoding encoding : VectorEncoding.values()) {
      IndexMetadata metadata = new IndexMetadata(HashingEmbedder.MODEL_ID,
          HashingEmbedder.DIMENSION, ChunkSchema.VERSION, encoding);
      try (FSDirectory directory = FSDirectory.open(dir.resolve(encoding.label()))) {
        try (IndexWriter writer = new IndexWriter(directory,
            new IndexWriterConfig(schema.indexAnalyzer()).setCodec(encoding.codec()))) {
          for (Chunk chunk : chunks) {
            writer.addDocument(schema.document(chunk, embedder.embedDocument(
                chunk.searchableText()), LearnedValues.NEUTRAL, null));
          }
          writer.setLiveCommitData(metadata.toUserData().entrySet());
          writer.forceMerge(1);
        }
        DocumentVectors vectors = new DocumentVectors(embedder);
        try (DirectoryReader reader = DirectoryReader.open(directory)) {
          float[][] reused = vectors.fromIndex(reader, IndexMetadata.read(directory), chunks);
          for (int i = 0; i < CHUNKS; i++) {
            assertArrayEquals(embedder.embedDocument(chunks.get(i).searchableText()), reused[i],
                encoding + " chunk " + i);
          }
        }
      }
    }
  }
}
