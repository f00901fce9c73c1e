package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code relearn index} in a real child JVM whose heap is far too small for the tree: it used to
 * print a stack trace or hang for good closing a half-closed Lucene writer; now it says what
 * happened and how to give the heap more, and exits 1.
 */
class IndexOutOfMemoryTest {
  @TempDir Path tmp;

  @Test
  void aHeapTooSmallForTheTreeEndsWithAClearMessageAndExitCodeOne() throws Exception {
    Path src = Files.createDirectories(tmp.resolve("src"));
    Random random = new Random(7);
    for (int file = 0; file < 400; file++) { // 400 files of 100 kB: ~40 MB of code
      StringBuilder code = new StringBuilder("class C" + file + " {\n");
      while (code.length() < 100_000) {
        code.append("  int f").append(random.nextInt(1_000_000)).append("(int x) { return x * ")
            .append(random.nextInt(1000)).append("; }\n");
      }
      Files.writeString(src.resolve("C" + file + ".java"), code.append("}\n"));
    }
    List<String> command = new ArrayList<>(List.of(CliProcess.java()));
    command.addAll(CliProcess.JVM_FLAGS);
    command.addAll(List.of("-Xmx64m", "-cp", System.getProperty("java.class.path"),
        RelearnCli.class.getName(), "index", "--model", "hashing", "--index",
        tmp.resolve("idx").toString(), src.toString()));
    Process child = new ProcessBuilder(command).redirectOutput(tmp.resolve("out.txt").toFile())
        .redirectError(tmp.resolve("err.txt").toFile()).start();
    boolean ended = child.waitFor(180, TimeUnit.SECONDS);
    if (!ended) {
      child.destroyForcibly();
    }
    String err = Files.readString(tmp.resolve("err.txt"));
    assertTrue(ended, "the child hung after running out of memory: " + err);
    assertEquals(1, child.exitValue(), err);
    assertTrue(err.contains("relearn: out of memory while indexing " + src), err);
    assertTrue(err.contains("RELEARN_JAVA_OPTS=-Xmx1g"), err);
    assertTrue(!err.contains("\tat "), "no stack trace: " + err);
  }
}
