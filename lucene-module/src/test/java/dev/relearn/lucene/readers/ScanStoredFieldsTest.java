package dev.relearn.lucene.readers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan's stored fields read what {@link LeafReader#storedFields()} reads, document by document,
 * across many compressed blocks: in index order, and in any other order (events are read in
 * recording order, which merges can shuffle).
 */
class ScanStoredFieldsTest {
  @TempDir Path tmp;

  @Test
  void readsWhatStoredFieldsReadsInIndexOrderAndInAnyOther() throws Exception {
    Random random = new Random(7);
    try (Directory dir = FSDirectory.open(tmp)) {
      try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int i = 0; i < 3_000; i++) { // about 6 MB: many blocks
          byte[] bytes = new byte[random.nextInt(4_000)];
          random.nextBytes(bytes);
          Document doc = new Document();
          doc.add(new StoredField("n", i));
          doc.add(new StoredField("bytes", bytes));
          writer.addDocument(doc);
        }
        writer.forceMerge(1);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        LeafReader leaf = reader.leaves().getFirst().reader();
        List<Integer> order = new ArrayList<>();
        for (int doc = 0; doc < leaf.maxDoc(); doc++) {
          order.add(doc);
        }
        assertSameDocuments(leaf, order);
        Collections.shuffle(order, random);
        assertSameDocuments(leaf, order);
      }
    }
  }

  private static void assertSameDocuments(LeafReader leaf, List<Integer> order) throws Exception {
    StoredFields expected = leaf.storedFields();
    StoredFields scan = ScanStoredFields.of(leaf);
    for (int doc : order) {
      Document want = expected.document(doc);
      Document got = scan.document(doc);
      assertEquals(want.getField("n").numericValue(), got.getField("n").numericValue());
      assertEquals(want.getBinaryValue("bytes"), got.getBinaryValue("bytes"), "doc " + doc);
    }
  }
}
