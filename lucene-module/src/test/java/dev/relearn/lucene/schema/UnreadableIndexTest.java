package dev.relearn.lucene.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IndexMetadata#read}: a relearn index whose last commit an older or a newer Lucene wrote
 * is refused with a message naming that Lucene's version and the versions this one reads.
 */
class UnreadableIndexTest {
  static final IndexMetadata METADATA = new IndexMetadata("model", 4, ChunkSchema.VERSION);
  @TempDir Path folder;

  private void writeRelearnIndex() throws IOException {
    try (Directory directory = FSDirectory.open(folder);
        IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      writer.setLiveCommitData(METADATA.toUserData().entrySet());
      writer.commit();
    }
  }

  private IOException refusal() throws IOException {
    try (Directory directory = FSDirectory.open(folder)) {
      return assertThrows(IOException.class, () -> IndexMetadata.read(directory));
    }
  }

  @Test
  void anIndexOfThisLuceneIsReadAndAnEmptyFolderHasNone() throws IOException {
    try (Directory directory = FSDirectory.open(folder)) {
      assertNull(IndexMetadata.read(directory));
    }
    writeRelearnIndex();
    try (Directory directory = FSDirectory.open(folder)) {
      assertEquals(METADATA, IndexMetadata.read(directory));
      assertEquals(Version.LATEST, UnreadableIndex.writtenBy(directory));
    }
  }

  @Test
  void anIndexOfLucene7NamesItsVersionAndTheOnesRead() throws IOException {
    writeRelearnIndex();
    SegmentsHead.rewrite(folder, SegmentsHead.LUCENE_72_FORMAT, Version.fromBits(7, 2, 1));
    IOException refusal = refusal();
    System.out.println(refusal.getMessage());
    assertEquals("the index was written by Lucene 7.2.1, which this relearn's Lucene "
        + Version.LATEST + " cannot read: it reads indexes of Lucene 9.0.0 to " + Version.LATEST
        + ". Index your sources into a new folder", refusal.getMessage());
    assertInstanceOf(IndexFormatTooOldException.class, refusal.getCause());
  }

  @Test
  void anIndexOfANewerLuceneNamesItsVersionAndTheOnesRead() throws IOException {
    writeRelearnIndex();
    Version next = Version.fromBits(Version.LATEST.major + 1, 0, 0);
    SegmentsHead.rewrite(folder, SegmentsHead.FUTURE_FORMAT, next);
    IOException refusal = refusal();
    System.out.println(refusal.getMessage());
    assertTrue(refusal.getMessage().startsWith("the index was written by Lucene " + next
        + ", which this relearn's Lucene " + Version.LATEST + " cannot read: it reads indexes of"
        + " Lucene 9.0.0 to " + Version.LATEST + ". Open it with the relearn that wrote it"),
        refusal.getMessage());
    assertInstanceOf(IndexFormatTooNewException.class, refusal.getCause());
  }
}
