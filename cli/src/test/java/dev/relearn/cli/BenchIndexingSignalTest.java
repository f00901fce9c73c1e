package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code relearn bench indexing} process stopped by SIGTERM while it works in its
 * temporary folder (with the real model, so that the run takes seconds): it deletes the folder,
 * says so, and exits with 128 + 15. It used to halt and leave the folder behind.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BenchIndexingSignalTest {
  private static final String SAMPLED = "indexes in ";

  @TempDir Path tmp;

  @Test
  void aSignalDeletesTheTemporaryWorkFolderBeforeTheProcessHalts() throws Exception {
    Path beir = TinyBeir.write(tmp);
    ProcessBuilder builder = new ProcessBuilder(CliProcess.command("bench", "indexing",
        "--dataset", beir.toString(), "--model", "bge-small", "--max-docs", "24"))
        .redirectErrorStream(true);
    List<String> arguments = new ArrayList<>(builder.command());
    arguments.add(1, "-Djava.io.tmpdir=" + tmp); // where its folder goes, for the check
    builder.command(arguments);
    Process bench = builder.start();
    List<String> output = new ArrayList<>();
    Path folder = null;
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(bench.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        output.add(line);
        if (folder == null && line.startsWith("sampled ") && line.contains(SAMPLED)) {
          folder = Path.of(line.substring(line.indexOf(SAMPLED) + SAMPLED.length()));
          assertTrue(Files.isDirectory(folder), line);
          bench.toHandle().destroy(); // SIGTERM, streams left open
        }
      }
      assertTrue(bench.waitFor(60, TimeUnit.SECONDS));
    }
    String said = String.join("\n", output);
    assertNotNull(folder, said);
    assertEquals(143, bench.exitValue(), said);
    assertTrue(said.contains("relearn: stopped by SIGTERM; deleting " + folder), said);
    assertFalse(Files.exists(folder), folder + " is left: " + said);
    assertTrue(folder.startsWith(tmp), folder.toString());
  }
}
