package dev.relearn.feedback.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

class EventDocumentsTest {
  @Test
  void eventsComeInSequenceOrderOneDecodedAtATimeAfterEveryLink() throws Exception {
    try (Directory directory = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(directory,
            new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE))) {
      for (long seq : new long[] {5, 3, 9, 1}) {
        writer.addDocument(event(seq));
      }
      writer.addDocument(EventFields.link(EventFields.CHUNK + "a", "b"));
      writer.commit(); // a second segment, older events after newer ones
      for (long seq : new long[] {4, 0}) {
        writer.addDocument(event(seq));
      }
      writer.commit();
      List<String> calls = new ArrayList<>();
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        EventDocuments.inRecordingOrder(reader, Path.of("events"),
            link -> calls.add("link " + link.get(EventFields.LINK_TO)),
            doc -> {
              long seq = doc.getField(EventFields.SEQ).numericValue().longValue();
              calls.add("decode " + seq);
              return seq;
            },
            seq -> calls.add("apply " + seq));
      }
      List<String> expected = new ArrayList<>(List.of("link b"));
      for (long seq : new long[] {0, 1, 3, 4, 5, 9}) {
        expected.add("decode " + seq);
        expected.add("apply " + seq);
      }
      assertEquals(expected, calls);
    }
  }

  private static Document event(long seq) {
    Document doc = new Document();
    doc.add(new StoredField(EventFields.SEQ, seq));
    return doc;
  }
}
