package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * A real {@code relearn index} process stopped by a signal while it embeds (with the real model,
 * so embedding takes seconds) before its first commit: it says what was interrupted and what
 * was kept, and running the same command again finishes the job.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class IndexInterruptTest {
  private static final int FILES = 300;

  @TempDir Path tmp;

  @Test
  void aSignalDuringEmbeddingIsExplainedAndARerunFinishes() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < FILES; i++) {
      Files.writeString(docs.resolve("note" + i + ".md"), "# Note " + i + "\nThe tide table for"
          + " harbour " + i + " lists " + (i * 7 % 23) + " crossings before noon.\n");
    }
    String[] args = {"index", "--index", tmp.resolve("index").toString(), "--model", "bge-small",
        docs.toString()};
    Process first = new ProcessBuilder(CliProcess.command(args)).redirectErrorStream(true).start();
    List<String> output = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(first.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        output.add(line);
        if (line.startsWith("embedding: 0/" + FILES)) {
          first.toHandle().destroy(); // SIGTERM, streams left open: shutdown hooks run
        }
      }
      assertTrue(first.waitFor(60, TimeUnit.SECONDS));
    }
    String said = String.join("\n", output);
    assertEquals(143, first.exitValue(), said);
    assertTrue(said.contains("relearn: interrupted while indexing " + docs.toAbsolutePath()
        + ": " + Interruption.KEPT), said);

    Process again = new ProcessBuilder(CliProcess.command(args)).redirectErrorStream(true).start();
    String rerun = new String(again.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(again.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, again.exitValue(), rerun);
    assertTrue(rerun.contains(FILES + " chunks (" + FILES + " added, 0 updated"), rerun);
    assertTrue(!rerun.contains("interrupted"), rerun);
  }
}
