package dev.relearn.indexer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File names as a folder walk reads them: any a path can name, but none it cannot. */
class FileNamesTest {
  @TempDir Path dir;

  @Test
  void namesWithSpacesUnicodeAndLineBreaksAreRead() throws IOException {
    for (String name : List.of("with space.md", "ünï 标题.md", "new\nline.md")) {
      Files.writeString(dir.resolve(name), "# T\n\ntext of " + name + "\n");
    }
    List<Chunk> chunks = new ArrayList<>();
    List<SourceProblem> problems = new ArrayList<>();
    DirectorySource source = new DirectorySource(dir);
    source.read(chunks::add, problems::add);
    assertEquals(List.of(), problems);
    for (Chunk chunk : chunks) {
      assertTrue(Files.exists(DirectorySource.fileOf(dir, chunk.path())), chunk.path());
    }
    assertEquals(3, chunks.size());
  }

  @Test
  void aNameNotInTheSystemsEncodingIsAProblemNotAPathToAnotherFile() throws Exception {
    // two Latin-1 names: Java reads both as "caf\uFFFD.md", a path naming neither file
    Process shell = new ProcessBuilder("sh", "-c", "printf '# A\\n\\nalpha\\n' > \"$(printf"
        + " 'caf\\351.md')\"; printf '# B\\n\\nbeta\\n' > \"$(printf 'caf\\350.md')\"; printf"
        + " '# C\\n\\ngamma\\n' > fine.md").directory(dir.toFile()).inheritIO().start();
    Assumptions.assumeTrue(shell.waitFor() == 0, "needs sh");
    try (var listing = Files.list(dir)) {
      Assumptions.assumeTrue(listing.count() == 3, "a file system that keeps the bytes of names");
    }
    List<Chunk> chunks = new ArrayList<>();
    List<SourceProblem> problems = new ArrayList<>();
    new DirectorySource(dir).read(chunks::add, problems::add);
    assertEquals(List.of(dir.getFileName() + "/fine.md"),
        chunks.stream().map(Chunk::path).toList());
    assertEquals(2, problems.size(), problems.toString());
    for (SourceProblem problem : problems) {
      assertTrue(problem.message().contains("not valid in this system's file name encoding"),
          problem.toString());
    }
  }
}
