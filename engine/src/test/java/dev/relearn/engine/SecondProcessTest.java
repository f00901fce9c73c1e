package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real second JVM tries to open an index this one is writing. */
class SecondProcessTest {
  @TempDir Path tmp;

  /** The child: tries to open the index read-write, prints the outcome. */
  public static void main(String[] args) throws Exception {
    try (Relearn relearn = Relearn.open(Path.of(args[0]),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      System.out.println("opened");
    } catch (IndexInUseException e) {
      System.out.println(e.getMessage());
    }
    try (Relearn reader = Relearn.open(Path.of(args[0]),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING).withReadOnly(true))) {
      System.out.println("read-only chunks: " + reader.stats().chunks());
    }
  }

  @Test
  void secondProcessGetsAClearErrorAndTheLockSurvives() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nsome text\n");
    Path index = tmp.resolve("index");
    try (Relearn relearn = Relearn.open(index,
        RelearnOptions.defaults().withModel(ModelChoice.HASHING).withLockHolder("test holder"))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String java = ProcessHandle.current().info().command().orElse("java");
      Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
          SecondProcessTest.class.getName(), index.toString()))
          .redirectErrorStream(true).start();
      assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child finished");
      String output = new String(child.getInputStream().readAllBytes());
      assertEquals(0, child.exitValue(), output);
      assertTrue(output.contains("index in use by another process: " + index), output);
      assertTrue(output.contains("held by test holder, pid " + ProcessHandle.current().pid()
          + ", since "), output);
      assertTrue(output.contains("read-only chunks: 1"), output);
      assertTrue(Files.exists(index.resolve("write.lock")));
    }
  }
}
