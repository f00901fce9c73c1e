package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelSourceTest {
  @TempDir Path tmp;

  @Test
  void anUnpackedTreeLosesOnlyDebiansIgnoreEverythingRules() throws IOException {
    Path tarball = Files.writeString(tmp.resolve("linux.tar.xz"), "unused");
    Path tree = Files.createDirectories(tmp.resolve(KernelSource.FOLDER));
    Files.writeString(tree.resolve(KernelSource.UNPACKED_MARKER), "");
    Files.write(tree.resolve(".gitignore"), List.of("*.o", "/vmlinux", "/*", "!/debian/"));
    assertEquals(tree, KernelSource.prepare(tarball, tmp, Progress.NONE));
    assertEquals(List.of("*.o", "/vmlinux"), Files.readAllLines(tree.resolve(".gitignore")));
    KernelSource.prepare(tarball, tmp, Progress.NONE); // again: nothing left to remove
    assertEquals(List.of("*.o", "/vmlinux"), Files.readAllLines(tree.resolve(".gitignore")));
  }

  @Test
  void aTarballThatDoesNotUnpackFailsNamingTar() throws IOException {
    Path tarball = Files.writeString(tmp.resolve("broken.tar.xz"), "not xz");
    IOException e = assertThrows(IOException.class,
        () -> KernelSource.prepare(tarball, tmp.resolve("work"), Progress.NONE));
    assertTrue(e.getMessage().startsWith("tar -xJf " + tarball + " failed with exit code"),
        e.getMessage());
  }
}
