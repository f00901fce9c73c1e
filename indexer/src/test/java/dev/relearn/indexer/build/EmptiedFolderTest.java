package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.source.EmptyFolderException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A folder, or a part of one, left with nothing to index: its chunks are deleted, as a deleted
 * file's are. They used to stay searchable, since the run refused the empty folder, even when
 * the file was taken out as {@code remove} advises (added to {@code .gitignore}).
 */
class EmptiedFolderTest extends IndexBuilderFixture {
  @Test
  void aFolderWhoseLastFileIsIgnoredLosesItsChunks() throws IOException {
    Path notes = folder(dir.resolve("notes"), "secret.md", "# Secret\n\nhunter2 secretword\n");
    assertEquals(1, index(notes).added());
    Files.writeString(notes.resolve(".gitignore"), "secret.md\n");

    IndexReport report = index(notes);
    assertEquals(1, report.deleted(), report.summary());
    assertEquals(0, report.chunks(), report.summary());
    assertEquals(Set.of(), paths());
  }

  @Test
  void aFolderWhoseFilesAreDeletedOrUnreadableLosesTheirChunks() throws IOException {
    Path notes = folder(dir.resolve("notes"), "a.md", "# A\n\nAlpha.\n", "b.md", "# B\n\nBeta.\n");
    index(notes);
    Files.delete(notes.resolve("a.md"));
    Files.write(notes.resolve("b.md"), new byte[] {'#', ' ', (byte) 0xe9, '\n'}); // not UTF-8

    IndexReport report = index(notes);
    assertEquals(2, report.deleted(), report.summary());
    assertEquals(1, report.problems().size(), "b.md's problem is still reported");
    assertEquals(Set.of(), paths());
  }

  @Test
  void anEmptiedPartOfAnIndexedFolderLosesItsChunks() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n", "sub/x.md",
        "# X\n\nChi.\n");
    index(docs);
    Files.delete(docs.resolve("sub/x.md"));

    IndexReport report = index(docs.resolve("sub"));
    assertEquals(1, report.deleted(), report.summary());
    assertEquals(Set.of("docs/a.md"), paths());
  }

  @Test
  void aFolderNeverIndexedWithNothingToIndexIsStillAnErrorThatSaysWhy() throws IOException {
    Path empty = folder(dir.resolve("empty"), "big.txt", "w ".repeat(3_000_000));
    EmptyFolderException e = assertThrows(EmptyFolderException.class, () -> index(empty));
    assertTrue(e.getMessage().contains("1 with problems, such as big.txt: "), e.getMessage());
  }
}
