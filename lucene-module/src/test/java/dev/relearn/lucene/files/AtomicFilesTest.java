package dev.relearn.lucene.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole-file replacement: the new content or the old, owner-only when asked, no leftovers. */
class AtomicFilesTest {
  @TempDir Path tmp;

  @Test
  void replacesAFileWholeAndLeavesNoTemporaryFile() throws IOException {
    Path file = Files.createDirectory(tmp.resolve("sub")).resolve("marker");
    AtomicFiles.write(file, "first\n".getBytes(StandardCharsets.UTF_8), true);
    AtomicFiles.write(file, "second\n".getBytes(StandardCharsets.UTF_8), true);
    assertEquals("second\n", Files.readString(file));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    assertEquals(List.of(file), files(file.getParent()));
  }

  @Test
  void aMissingFolderIsNotCreatedAgainAndTheFailureNamesIt() {
    Path feedback = tmp.resolve("index/feedback"); // as an index folder deleted while open
    NoSuchFileException e = assertThrows(NoSuchFileException.class,
        () -> AtomicFiles.write(feedback.resolve("trust.json"), new byte[] {1}, false));
    assertEquals(feedback.toAbsolutePath() + ": cannot write trust.json: no such folder (it is"
        + " not created here)", e.getMessage());
    assertFalse(Files.exists(tmp.resolve("index")));
  }

  @Test
  void aFailedMoveKeepsTheOldContentAndCleansUp() throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("target-is-a-folder"));
    Files.writeString(folder.resolve("inside"), "kept");
    assertThrows(IOException.class, () -> AtomicFiles.write(folder, new byte[] {1}, false));
    assertEquals("kept", Files.readString(folder.resolve("inside")));
    assertEquals(List.of(folder), files(tmp)); // no temporary file beside it
  }

  private static List<Path> files(Path folder) throws IOException {
    try (Stream<Path> list = Files.list(folder)) {
      return list.sorted().toList();
    }
  }
}
