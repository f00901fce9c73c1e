package dev.relearn.lucene.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;

/** Each written file is synced once; what a commit needs synced is synced. */
class SyncOnceDirectoryTest {
  /** Records the names each sync asks the file system for. */
  private static final class Syncs extends FilterDirectory {
    final List<String> synced = new ArrayList<>();

    Syncs() {
      super(new ByteBuffersDirectory());
    }

    @Override
    public void sync(Collection<String> names) throws IOException {
      synced.addAll(names);
      super.sync(names);
    }
  }

  private final Syncs disk = new Syncs();
  private final SyncOnceDirectory dir = new SyncOnceDirectory(disk);

  private void write(String name) throws IOException {
    try (IndexOutput out = dir.createOutput(name, IOContext.DEFAULT)) {
      out.writeInt(1);
    }
  }

  @Test
  void aFileIsSyncedOnceUntilWrittenAgain() throws IOException {
    write("a");
    write("b");
    dir.sync(List.of("a", "b"));
    dir.sync(List.of("a", "b"));
    assertEquals(List.of("a", "b"), disk.synced);
    dir.deleteFile("a");
    write("a"); // the same name written again
    dir.sync(List.of("a", "b"));
    assertEquals(List.of("a", "b", "a"), disk.synced);
  }

  @Test
  void aRenamedFileIsSyncedIfItsSourceWasNot() throws IOException {
    write("pending");
    dir.rename("pending", "done");
    dir.sync(List.of("done"));
    write("pending2");
    dir.sync(List.of("pending2"));
    dir.rename("pending2", "done2");
    dir.sync(List.of("done2"));
    assertEquals(List.of("done", "pending2"), disk.synced);
  }

  @Test
  void aTempFileAndACopyAreSynced() throws IOException {
    String temp;
    try (IndexOutput out = dir.createTempOutput("t", "x", IOContext.DEFAULT)) {
      out.writeInt(1);
      temp = out.getName();
    }
    dir.copyFrom(dir, temp, "copy", IOContext.DEFAULT);
    dir.sync(List.of(temp, "copy"));
    assertEquals(List.of(temp, "copy"), disk.synced);
  }

  @Test
  void aCommitSyncsOnlyTheFilesWrittenSinceTheLastOne() throws IOException {
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 0; i < 3; i++) { // three segments, each with a doc-values field
        writer.addDocument(doc("id" + i));
        writer.commit();
      }
      Set<String> before = new TreeSet<>(List.of(disk.listAll()));
      disk.synced.clear();
      writer.updateNumericDocValue(new Term("id", "id0"), "learned", 7);
      writer.commit();
      assertFalse(disk.synced.isEmpty());
      for (String name : disk.synced) {
        assertFalse(before.contains(name), name + " was synced by an earlier commit");
      }
      assertTrue(disk.synced.stream().anyMatch(name -> name.startsWith("pending_segments_")));
    }
    try (DirectoryReader reader = DirectoryReader.open(disk)) {
      assertEquals(3, reader.numDocs());
    }
  }

  private static Document doc(String id) {
    Document doc = new Document();
    doc.add(new StringField("id", id, Field.Store.NO));
    doc.add(new NumericDocValuesField("learned", 0));
    return doc;
  }
}
