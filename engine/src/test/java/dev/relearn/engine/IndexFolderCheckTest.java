package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-write open creates an index only in a new or empty folder, or one holding relearn's own
 * files: a folder of other files, or a Lucene index relearn did not write, is refused before
 * anything is written.
 */
class IndexFolderCheckTest {
  @TempDir Path tmp;

  private static List<String> entries(Path folder) throws IOException {
    try (Stream<Path> list = Files.list(folder)) {
      return list.map(entry -> entry.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aFolderOfOtherFilesIsRefusedAndLeftAsItWas() throws Exception {
    Path home = Files.createDirectories(tmp.resolve("home"));
    Files.writeString(home.resolve("notes.txt"), "mine");
    Files.createDirectories(home.resolve("Documents"));
    Files.writeString(home.resolve(".bashrc"), "mine");
    Files.writeString(home.resolve("todo.md"), "mine");
    List<String> before = entries(home);
    NotAnIndexFolderException refused = assertThrows(NotAnIndexFolderException.class,
        () -> Relearn.open(home, TestOptions.HASHING));
    assertEquals(home.toAbsolutePath().normalize(), refused.folder());
    assertTrue(refused.getMessage().startsWith(home.toAbsolutePath().normalize()
        + " is not empty and is not a relearn index (it holds .bashrc, Documents, notes.txt and"
        + " 1 more); relearn creates an index only in a new or empty folder"),
        refused.getMessage());
    assertEquals(before, entries(home), "nothing written");
    assertThrows(NotAnIndexFolderException.class, () -> IndexFolderCheck.requireUsable(home));
  }

  @Test
  void aLuceneIndexRelearnDidNotWriteIsRefused() throws Exception {
    Path other = tmp.resolve("other-lucene");
    try (FSDirectory directory = FSDirectory.open(other);
        IndexWriter writer = new IndexWriter(directory,
            new IndexWriterConfig(new StandardAnalyzer()))) {
      Document doc = new Document();
      doc.add(new StringField("id", "1", Field.Store.YES));
      writer.addDocument(doc);
      writer.commit();
    }
    List<String> before = entries(other);
    NotAnIndexFolderException refused = assertThrows(NotAnIndexFolderException.class,
        () -> Relearn.open(other, TestOptions.HASHING));
    assertTrue(refused.getMessage().contains("holds a Lucene index that relearn did not write"),
        refused.getMessage());
    assertEquals(before, entries(other), "its commit is untouched");
  }

  @Test
  void newEmptyAndOwnFoldersOpenAndAnIndexReopensWhateverElseItHolds() throws Exception {
    Path docs = KeyDocs.write(tmp);
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Path prepared = Files.createDirectories(tmp.resolve("prepared"));
    Files.writeString(prepared.resolve("relearn.json"), "{}");
    Files.writeString(prepared.resolve(".gitignore"), "*\n");
    Files.createDirectories(prepared.resolve("eval/scifact")); // the command line's eval indexes
    for (Path folder : List.of(tmp.resolve("new/idx"), empty, prepared)) {
      try (Relearn relearn = Relearn.open(folder, TestOptions.HASHING)) {
        relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      }
      Files.writeString(folder.resolve("notes.txt"), "the user's, later");
      try (Relearn relearn = Relearn.open(folder, TestOptions.HASHING)) {
        assertTrue(relearn.stats().chunks() > 0, folder.toString());
      }
      IndexFolderCheck.requireUsable(folder);
    }
    IndexFolderCheck.requireUsable(tmp.resolve("absent"));
    assertFalse(Files.exists(tmp.resolve("absent")), "the check writes nothing");
  }

  @Test
  void aReadOnlyOpenOfAForeignFolderSaysThereIsNoIndex() throws Exception {
    Path home = Files.createDirectories(tmp.resolve("home"));
    Files.writeString(home.resolve("notes.txt"), "mine");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Relearn.open(home, TestOptions.HASHING.withReadOnly(true)));
    assertTrue(e.getMessage().startsWith("no relearn index at "), e.getMessage());
  }
}
