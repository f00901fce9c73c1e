package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ONNX Runtime 1.29 records telemetry (a device id and events under {@code
 * ~/.cache/Microsoft}) and uploads it, unless {@code ORT_DISABLE_TELEMETRY=1} is in the
 * environment when the JVM starts: the scripts set it ({@code bin/lib/common.sh}), and with it a
 * real {@code relearn} process that loads the bge-small model leaves nothing in its home folder.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class OnnxTelemetryTest {
  @TempDir Path tmp;

  @Test
  void theScriptsTurnTelemetryOffAndKeepAnExplicitChoice() throws Exception {
    Path cwd = Paths.get("").toAbsolutePath();
    Path root = Files.isDirectory(cwd.resolve("bin")) ? cwd : cwd.getParent();
    Path common = root.resolve("bin/lib/common.sh");
    assertEquals("1", sourced(common, null));
    assertEquals("0", sourced(common, "0"));
  }

  @Test
  void aProcessWithTheVariableLeavesNoTelemetryBehind() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate signing keys every 90 days.\n");
    Path home = Files.createDirectories(tmp.resolve("home"));
    ProcessBuilder builder = new ProcessBuilder(CliProcess.command("index", "--index",
        tmp.resolve("idx").toString(), "--model", "bge-small", docs.toString()))
        .redirectErrorStream(true);
    builder.environment().put("HOME", home.toString());
    builder.environment().put("XDG_CACHE_HOME", home.resolve(".cache").toString());
    builder.environment().put("ORT_DISABLE_TELEMETRY", "1");
    Process index = builder.start();
    String output = new String(index.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(index.waitFor(120, TimeUnit.SECONDS), output);
    assertEquals(0, index.exitValue(), output);
    assertTrue(output.contains("1 embedded"), "the model ran: " + output);
    Path natives = home.resolve(".cache").resolve("relearn").resolve("onnxruntime");
    assertTrue(Files.isDirectory(natives), "relearn caches ONNX Runtime's libraries there");
    try (Stream<Path> files = Files.walk(home)) {
      List<Path> left = files.filter(p -> !p.startsWith(natives))
          .filter(p -> p.toString().contains("Microsoft") || p.toString().contains("onnxruntime"))
          .toList();
      assertEquals(List.of(), left, "ONNX Runtime wrote into the home folder");
    }
  }

  /** {@code ORT_DISABLE_TELEMETRY} after sourcing {@code common}, given {@code preset}. */
  private static String sourced(Path common, String preset) throws IOException,
      InterruptedException {
    ProcessBuilder builder = new ProcessBuilder("bash", "-c",
        ". \"$0\"; printf %s \"$ORT_DISABLE_TELEMETRY\"", common.toString());
    builder.environment().remove("ORT_DISABLE_TELEMETRY");
    if (preset != null) {
      builder.environment().put("ORT_DISABLE_TELEMETRY", preset);
    }
    Process bash = builder.redirectErrorStream(true).start();
    String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(bash.waitFor(30, TimeUnit.SECONDS), out);
    return out;
  }
}
