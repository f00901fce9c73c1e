package dev.relearn.lucene.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.VectorChecks;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaTest {
  @TempDir Path dir;

  @Test
  void learnedFieldsStartNeutralAndUpdateInPlace() throws Exception {
    ChunkSchema schema = new ChunkSchema(2);
    Chunk chunk = new Chunk("id-1", "/o", "p.md", ChunkKind.MARKDOWN, "T", List.of("H"), 1, 3, 4,
        "body text");
    try (FSDirectory directory = FSDirectory.open(dir);
        IndexWriter writer = new IndexWriter(directory,
            new IndexWriterConfig(schema.indexAnalyzer()))) {
      writer.addDocument(schema.document(chunk, VectorChecks.normalize(new float[] {1, 1}),
          LearnedValues.NEUTRAL, null));
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        assertEquals(LearnedValues.NEUTRAL, LearnedValues.read(leaf, 0));
      }
      LearnedValues learned = new LearnedValues(2.5, 1.25, 3, 1, 1_700_000_000_000L);
      writer.updateDocValues(ChunkSchema.idTerm("id-1"),
          learned.toFields().toArray(new org.apache.lucene.document.Field[0]));
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        assertEquals(learned, LearnedValues.read(reader.leaves().get(0).reader(), 0));
        LeafLearnedValues leafValues = LeafLearnedValues.of(reader.leaves().get(0).reader());
        assertEquals(learned, leafValues.read(0));
        assertEquals(learned, LearnedValuesSource.DOC_VALUES
            .forLeaf(reader.leaves().get(0).reader()).read(0));
        leafValues.read(1);
        assertThrows(IllegalArgumentException.class, () -> leafValues.read(0),
            "doc values only go forward");
      }
    }
  }

  @Test
  void learnedValuesRejectNegativeOrNonFiniteCounts() {
    assertEquals("clicks must be a finite count >= 0, got: -1.0", assertThrows(
        IllegalArgumentException.class, () -> new LearnedValues(0, -1, 0, 0, 0)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> new LearnedValues(Double.NaN, 0, 0, 0, 0));
  }

  @Test
  void metadataRoundTripsAndMismatchNamesBothModels() {
    IndexMetadata built = new IndexMetadata("hashing-384-v1", 384, ChunkSchema.VERSION);
    assertEquals(built, IndexMetadata.fromUserData(built.toUserData()));
    assertNull(IndexMetadata.fromUserData(Map.of()));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> built
        .requireCompatible(new IndexMetadata("bge-small-en-v1.5-q", 384, ChunkSchema.VERSION),
            "/x"));
    assertTrue(e.getMessage().contains("'hashing-384-v1'")
        && e.getMessage().contains("'bge-small-en-v1.5-q'"),
        e.getMessage());
  }

  @Test
  void chunkValidationNamesTheBadValue() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new Chunk("x", "/o", "p",
        ChunkKind.TEXT, "", List.of(), 5, 2, 0, "t")).getMessage().contains("5-2"));
    assertEquals("unknown chunk kind: 'pdf'; expected one of markdown, code, text, record",
        assertThrows(IllegalArgumentException.class,
            () -> ChunkKind.fromLabel("pdf")).getMessage());
  }

  @Test
  void shaChangesWithHeadingsAndText() {
    Chunk a = new Chunk("x", "/o", "p", ChunkKind.MARKDOWN, "", List.of("A"), 1, 1, 1, "t");
    Chunk b = new Chunk("x", "/o", "p", ChunkKind.MARKDOWN, "", List.of("B"), 1, 1, 1, "t");
    assertTrue(!a.sha256().equals(b.sha256()));
    assertEquals(64, a.sha256().length());
  }
}
