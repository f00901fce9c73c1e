package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ONNX Runtime's libraries come from relearn's cache, and no process leaves a folder in /tmp. */
class OnnxNativesTest {
  @TempDir Path tmp;

  @Test
  void theLibrariesAreCopiedOnceAndReused() throws Exception {
    Path folder = OnnxNatives.cache(tmp.resolve("cache"));
    assertNotNull(folder, "the ONNX Runtime jar on the class path holds this platform's");
    List<Path> files;
    try (Stream<Path> listed = Files.list(folder)) {
      files = listed.sorted().toList();
    }
    assertEquals(List.of(System.mapLibraryName("onnxruntime"),
        System.mapLibraryName("onnxruntime4j_jni")).stream().sorted().toList(),
        files.stream().map(f -> f.getFileName().toString()).toList(), "no temporary file left");
    FileTime written = Files.getLastModifiedTime(files.get(0));
    Thread.sleep(20);
    assertEquals(folder, OnnxNatives.cache(tmp.resolve("cache")));
    assertEquals(written, Files.getLastModifiedTime(files.get(0)), "not copied again");
  }

  @Test
  void aProcessThatEmbedsLeavesNoTemporaryFolder() throws Exception {
    Path temp = Files.createDirectories(tmp.resolve("java-tmp"));
    Path cache = tmp.resolve("xdg-cache");
    List<String> command = new ArrayList<>(List.of(
        ProcessHandle.current().info().command().orElseThrow(), "-cp",
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
        "-Djava.io.tmpdir=" + temp, OnnxNativesProbe.class.getName()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("XDG_CACHE_HOME", cache.toString());
    Process child = builder.start();
    String output = new String(child.getInputStream().readAllBytes());
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), output);
    assertEquals(0, child.exitValue(), output);
    assertTrue(output.contains("embedded 384 dimensions"), output);
    try (Stream<Path> left = Files.list(temp)) {
      assertEquals(List.of(), left.filter(p -> p.getFileName().toString()
          .startsWith("onnxruntime-java")).toList(), "ONNX Runtime's temporary folders");
    }
    assertTrue(Files.isDirectory(cache.resolve("relearn").resolve("onnxruntime")), output);
  }
}
