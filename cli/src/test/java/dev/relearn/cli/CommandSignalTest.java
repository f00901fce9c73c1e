package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command without its own signal handling (here a long {@code bench}) stopped by SIGTERM in a
 * real process: it says so and exits with 128 + 15, instead of ending without a word through the
 * JVM's shutdown hooks.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CommandSignalTest {
  @TempDir Path tmp;

  @Test
  void aSignalDuringAnyCommandIsSaid() throws Exception {
    Path beir = TinyBeir.write(tmp);
    Process bench = new ProcessBuilder(CliProcess.command("bench", "--dataset", beir.toString(),
        "--index", tmp.resolve("index").toString(), "--model", "hashing", "--rounds",
        "1000000")).redirectErrorStream(true).start();
    List<String> output = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(bench.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      boolean signalled = false;
      while ((line = out.readLine()) != null) {
        output.add(line);
        if (!line.startsWith("WARNING: ") && !signalled) { // the JVM's own notes come first
          bench.toHandle().destroy(); // SIGTERM, once the command runs
          signalled = true;
        }
      }
      assertTrue(bench.waitFor(60, TimeUnit.SECONDS));
    }
    String said = String.join("\n", output);
    assertEquals(143, bench.exitValue(), said);
    assertTrue(said.endsWith("relearn: stopped by SIGTERM"), said);
  }
}
