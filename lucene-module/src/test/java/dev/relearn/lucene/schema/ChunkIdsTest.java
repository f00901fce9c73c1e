package dev.relearn.lucene.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

/** Cached chunk ids stay right across doc-values updates, reopens and out-of-order reads. */
class ChunkIdsTest {
  @Test
  void idsAreReadOnceAndStayRightAcrossDocValuesUpdatesAndReopens() throws Exception {
    try (Directory dir = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 0; i < 5; i++) {
        Document doc = new Document();
        if (i != 3) {
          doc.add(new SortedDocValuesField(ChunkSchema.ID, new BytesRef("c" + i)));
        }
        doc.add(new StringField("key", "k" + i, Field.Store.NO));
        doc.add(new NumericDocValuesField(ChunkSchema.LEARNED_CLICKS, 0));
        writer.addDocument(doc);
      }
      writer.commit();
      DirectoryReader first = DirectoryReader.open(writer);
      LeafReader leaf = first.leaves().get(0).reader();
      ChunkIds ids = ChunkIds.of(leaf);
      assertEquals("c4", ids.get(4));
      assertEquals("c1", ids.get(1), "an earlier doc after a later one");
      assertNull(ids.get(3), "a doc without an id");
      writer.updateNumericDocValue(new Term("key", "k2"), ChunkSchema.LEARNED_CLICKS, 7);
      DirectoryReader second = DirectoryReader.openIfChanged(first, writer);
      first.close(); // the old reader is gone; the core, and its cached ids, live on
      ChunkIds again = ChunkIds.of(second.leaves().get(0).reader());
      for (int i = 0; i < 5; i++) {
        assertEquals(i == 3 ? null : "c" + i, again.get(i), "doc " + i);
      }
      assertSame(ChunkIds.canonical(new String("c2".toCharArray())), again.get(2),
          "ids read from the index are the canonical instances");
      second.close();
    }
  }

  @Test
  void aKeywordFieldAndAFieldOfAnotherNameAreReadToo() throws Exception {
    try (Directory dir = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 0; i < 3; i++) {
        Document doc = new Document();
        doc.add(new KeywordField(ChunkSchema.ID, "k" + i, Field.Store.NO)); // SORTED_SET
        doc.add(new SortedDocValuesField("sku", new BytesRef("s" + i)));
        doc.add(new NumericDocValuesField("price", i));
        writer.addDocument(doc);
      }
      Document twoValues = new Document();
      twoValues.add(new KeywordField(ChunkSchema.ID, "z", Field.Store.NO));
      twoValues.add(new KeywordField(ChunkSchema.ID, "a", Field.Store.NO));
      writer.addDocument(twoValues);
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        assertEquals("k2", ChunkIds.of(leaf).get(2), "a KeywordField's sorted-set doc values");
        assertEquals("a", ChunkIds.of(leaf).get(3), "several values: the smallest");
        assertEquals("s1", ChunkIds.of(leaf, "sku").get(1), "another field, cached apart");
        assertEquals("k1", ChunkIds.of(leaf).get(1), "the id cache is not the sku cache");
        assertNull(ChunkIds.of(leaf, "absent").get(0));
        IllegalStateException e =
            assertThrows(IllegalStateException.class, () -> ChunkIds.of(leaf, "price").get(0));
        assertTrue(e.getMessage().contains("price"), e.getMessage());
      }
    }
  }
}
