package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.DirectorySource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NestedSlicesTest {
  @TempDir Path tmp;

  /** Six one-chunk notes under src/, in folders a/ and b/, and a file of no indexed type. */
  private Path source() throws IOException {
    Path src = tmp.resolve("src");
    for (String name : List.of("b/5.txt", "a/2.txt", "a/1.txt", "b/4.txt", "a/3.txt",
        "b/6.txt")) {
      Files.createDirectories(src.resolve(name).getParent());
      Files.writeString(src.resolve(name), "note " + name + " about slices");
    }
    Files.writeString(src.resolve("a/blob.bin"), "not indexed");
    return src;
  }

  @Test
  void slicesAreNestedPrefixesInSortedPathOrder() throws IOException {
    List<String> seen = new ArrayList<>();
    NestedSlices slices = NestedSlices.scan(source(), chunk -> seen.add(chunk.path()),
        Progress.NONE);
    assertEquals(6, slices.totalChunks());
    assertEquals(List.of("src/a/1.txt", "src/a/2.txt", "src/a/3.txt", "src/b/4.txt",
        "src/b/5.txt", "src/b/6.txt"), seen);
    NestedSlices.Slice small = slices.slice(2, tmp.resolve("s2"));
    NestedSlices.Slice large = slices.slice(4, tmp.resolve("s4"));
    assertEquals(2, small.chunks());
    assertEquals(tmp.resolve("s2/src"), small.folder());
    assertEquals(List.of("src/a/1.txt", "src/a/2.txt"), paths(small.folder()));
    assertEquals(List.of("src/a/1.txt", "src/a/2.txt", "src/a/3.txt", "src/b/4.txt"),
        paths(large.folder()));
    assertEquals(Files.readString(tmp.resolve("src/b/4.txt")),
        Files.readString(large.folder().resolve("b/4.txt")));
    assertFalse(Files.exists(large.folder().resolve("a/blob.bin")), "only files with chunks");
    assertEquals(6, slices.slice(100, tmp.resolve("all")).chunks(), "at most the whole source");
  }

  @Test
  void aSliceMadeBeforeIsReusedAndAStrayFolderRefused() throws IOException {
    NestedSlices slices = NestedSlices.scan(source(), chunk -> { }, Progress.NONE);
    NestedSlices.Slice first = slices.slice(3, tmp.resolve("s3"));
    Files.delete(first.folder().resolve("a/3.txt")); // a reuse does not link again
    assertEquals(first, slices.slice(3, tmp.resolve("s3")));
    assertFalse(Files.exists(first.folder().resolve("a/3.txt")));
    Files.createDirectories(tmp.resolve("stray/src"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> slices.slice(3, tmp.resolve("stray")));
    assertTrue(e.getMessage().contains("was not made whole by an earlier run"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> slices.slice(0, tmp.resolve("zero")));
  }

  private static List<String> paths(Path folder) throws IOException {
    List<String> paths = new ArrayList<>();
    new DirectorySource(folder).read(chunk -> paths.add(chunk.path()), problem -> { });
    return paths;
  }
}
