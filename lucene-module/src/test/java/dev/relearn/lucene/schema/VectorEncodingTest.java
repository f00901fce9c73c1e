package dev.relearn.lucene.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.VectorUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorEncodingTest {
  private static final int CHUNKS = 300; // above Lucene's 100-vector threshold for a graph
  private static final int DIMENSION = 384;

  @TempDir Path dir;

  @Test
  void labelsRoundTripAndAnUnknownOneIsNamed() {
    for (VectorEncoding encoding : VectorEncoding.values()) {
      assertEquals(encoding, VectorEncoding.fromLabel(encoding.label()));
    }
    assertEquals(VectorEncoding.INT8, VectorEncoding.fromLabel(" INT8 "));
    assertEquals("unknown vector encoding: 'int16'; expected one of float32, int8, int4, 1bit",
        assertThrows(IllegalArgumentException.class, () -> VectorEncoding.fromLabel("int16"))
            .getMessage());
  }

  @Test
  void codecIsLucenesDefaultSoThatReadersNeedNothing() {
    for (VectorEncoding encoding : VectorEncoding.values()) {
      assertEquals(Codec.getDefault().getName(), encoding.codec().getName(), encoding.label());
    }
  }

  @Test
  void metadataRecordsTheEncodingAndAnIndexRecordingNoneIsFloat32() {
    IndexMetadata int4 = new IndexMetadata("m", 4, 1, VectorEncoding.INT4);
    assertEquals("int4", int4.toUserData().get(IndexMetadata.ENCODING_KEY));
    assertEquals(int4, IndexMetadata.fromUserData(int4.toUserData()));
    assertEquals(VectorEncoding.FLOAT32, IndexMetadata.fromUserData(Map.of(
        IndexMetadata.MODEL_KEY, "m", IndexMetadata.DIMENSION_KEY, "4",
        IndexMetadata.SCHEMA_KEY, "1")).vectorEncoding());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IndexMetadata.fromUserData(Map.of(IndexMetadata.MODEL_KEY, "m",
            IndexMetadata.DIMENSION_KEY, "4", IndexMetadata.SCHEMA_KEY, "1",
            IndexMetadata.ENCODING_KEY, "int3")));
    assertTrue(e.getMessage().startsWith("corrupt relearn metadata"), e.getMessage());
    int4.requireCompatible(new IndexMetadata("m", 4, 1, VectorEncoding.INT8), "/x"); // no refusal
  }

  /**
   * Each encoding: the segment names its format, a chunk's own vector finds it first, and the
   * vectors read back are the floats written (vector reuse by content hash depends on it).
   */
  @Test
  void everyEncodingFindsTheSameTopChunkAndKeepsTheRawFloats() throws Exception {
    Random random = new Random(42);
    float[][] vectors = new float[CHUNKS][];
    for (int i = 0; i < CHUNKS; i++) {
      vectors[i] = unit(random);
    }
    ChunkSchema schema = new ChunkSchema(DIMENSION);
    for (VectorEncoding encoding : VectorEncoding.values()) {
      try (FSDirectory directory = FSDirectory.open(dir.resolve(encoding.label()))) {
        try (IndexWriter writer = new IndexWriter(directory,
            new IndexWriterConfig(schema.indexAnalyzer()).setCodec(encoding.codec()))) {
          for (int i = 0; i < CHUNKS; i++) {
            writer.addDocument(schema.document(new Chunk("c" + i, "/o", "p", ChunkKind.TEXT, "",
                List.of(), 1, 1, 1, "text " + i), vectors[i], LearnedValues.NEUTRAL, null));
          }
          writer.forceMerge(1);
        }
        try (DirectoryReader reader = DirectoryReader.open(directory)) {
          LeafReader leaf = reader.leaves().get(0).reader();
          String format = leaf.getFieldInfos().fieldInfo(ChunkSchema.VECTOR)
              .getAttribute("PerFieldKnnVectorsFormat.format");
          System.out.println(encoding + ": " + format);
          assertEquals(encoding == VectorEncoding.FLOAT32 ? "Lucene99HnswVectorsFormat"
              : Lucene104HnswScalarQuantizedVectorsFormat.NAME, format);
          IndexSearcher searcher = new IndexSearcher(reader);
          for (int target : new int[] {0, 17, 299}) {
            TopDocs top = searcher.search(schema.vectorQuery(vectors[target], 10, null), 10);
            assertEquals("c" + target, searcher.storedFields().document(top.scoreDocs[0].doc)
                .get(ChunkSchema.ID), encoding.label());
          }
          FloatVectorValues values = leaf.getFloatVectorValues(ChunkSchema.VECTOR);
          KnnVectorValues.DocIndexIterator it = values.iterator();
          for (int doc = it.nextDoc(); doc != KnnVectorValues.DocIndexIterator.NO_MORE_DOCS;
              doc = it.nextDoc()) {
            int chunk = Integer.parseInt(leaf.storedFields().document(doc).get(ChunkSchema.ID)
                .substring(1));
            assertArrayEquals(vectors[chunk], values.vectorValue(it.index()), encoding.label());
          }
        }
      }
    }
  }

  private static float[] unit(Random random) {
    float[] vector = new float[DIMENSION];
    for (int d = 0; d < DIMENSION; d++) {
      vector[d] = (float) random.nextGaussian();
    }
    return VectorUtil.l2normalize(vector);
  }
}
