package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.cli.CliTest.Result;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exit codes and output as a user meets them: a bad query is a usage error found before the index
 * is opened, output that cannot be written is an error (a reader that stopped early is not), and
 * the demo checks its --source before it creates an index.
 */
class CliExitAndOutputTest {
  @TempDir Path tmp;

  @Test
  void anEmptyOrTooLongQueryIsAUsageErrorThatNeverEchoesTheQuery() {
    Path index = tmp.resolve("idx");
    Result empty = CliTest.run(CliTest.hashingArgs(index, "search", "  "));
    assertEquals(2, empty.code(), empty.err());
    assertTrue(empty.err().startsWith("relearn: query has no searchable text: it is empty or only"
        + " spaces and control characters\nTry 'relearn search --help'"), empty.err());
    String query = "confidential ".repeat(800);
    Result tooLong = CliTest.run(CliTest.hashingArgs(index, "search", query));
    assertEquals(2, tooLong.code(), tooLong.err());
    assertTrue(tooLong.err().startsWith("relearn: query is " + query.length()
        + " characters long; the limit is 10000\n"), tooLong.err());
    assertFalse(tooLong.err().contains("confidential"), tooLong.err());
    assertFalse(Files.exists(index), "checked before the index is looked for");
  }

  @Test
  void outputThatCannotBeWrittenIsAnErrorButAReaderThatLeftIsNot() {
    for (String why : new String[] {"No space left on device", "Broken pipe"}) {
      CheckedOutput stdout = new CheckedOutput(new OutputStream() {
        @Override
        public void write(int b) throws IOException {
          throw new IOException(why);
        }
      });
      StringWriter err = new StringWriter();
      PrintWriter errWriter = new PrintWriter(err);
      int code = RelearnCli.execute(new PrintWriter(
          new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true), errWriter, "--version");
      assertEquals(0, code);
      boolean full = why.startsWith("No space");
      assertEquals(full ? 1 : 0, stdout.exitCode(code, errWriter), why);
      assertEquals(full ? "relearn: could not write the output: " + why + "; the command itself"
          + " completed, so a retry would repeat it\n" : "", err.toString(), why);
    }
  }

  @Test
  void aRealProcessWritingToAFullDiskExitsOneAndSaysSo() throws Exception {
    Process full = new ProcessBuilder(CliProcess.command("--help"))
        .redirectOutput(new File("/dev/full")).start();
    String err = new String(full.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(full.waitFor(60, TimeUnit.SECONDS));
    assertEquals(1, full.exitValue(), err);
    assertTrue(err.contains("relearn: could not write the output: No space left on device"),
        err);

    Process piped = new ProcessBuilder(CliProcess.command("--help")).start();
    piped.getInputStream().close(); // the reader is gone before anything is written
    String quiet = new String(piped.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(piped.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, piped.exitValue(), quiet);
    assertFalse(quiet.contains("relearn:") || quiet.contains("Exception"), quiet);
  }

  @Test
  void theHelpListsTheExitCodeOfASignal() {
    String help = CliTest.run("--help").out();
    assertTrue(help.contains("130   stopped by Ctrl-C (SIGINT; 143: SIGTERM, 129: SIGHUP)"),
        help);
  }

  @Test
  void demoChecksItsSourceBeforeCreatingAnIndexAndNamesTheIndexToSearch() throws Exception {
    Path index = tmp.resolve("idx");
    Result missing = CliTest.run(CliTest.hashingArgs(index, "demo", "--source",
        tmp.resolve("nowhere").toString()));
    assertEquals(1, missing.code(), missing.err());
    assertEquals("relearn: --source " + tmp.resolve("nowhere") + ": no such folder; nothing was"
        + " indexed", missing.err().strip());
    Path file = Files.writeString(tmp.resolve("notes.md"), "# Notes\n");
    Result notAFolder = CliTest.run(CliTest.hashingArgs(index, "demo", "--source",
        file.toString()));
    assertEquals(1, notAFolder.code(), notAFolder.err());
    assertTrue(notAFolder.err().contains("is a file, not a folder"), notAFolder.err());
    assertFalse(Files.exists(index), "no index is created for a source that is not a folder");

    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("fusion.md"), "# Fusion\nBM25 and vector scores are fused.\n");
    Result demo = CliTest.run(CliTest.hashingArgs(index, "demo", "--source", docs.toString()));
    assertEquals(0, demo.code(), demo.err());
    assertTrue(demo.out().contains("Try your own: bin/relearn search --index "
        + index.toAbsolutePath().normalize() + " \"your question\""), demo.out());
  }

  @Test
  void scoringAgainstQrelsWithoutJudgmentsSaysSo() throws Exception {
    Path qrels = Files.writeString(tmp.resolve("empty.qrels"), "");
    Path run = Files.writeString(tmp.resolve("r.run"), "q1 Q0 a 1 1 x\n");
    Result scored = CliTest.run("eval", "score", "--run", run.toString(), "--qrels",
        qrels.toString());
    assertEquals(1, scored.code(), scored.err());
    assertEquals("relearn: --qrels " + qrels + " holds no judgments; nothing to score against",
        scored.err().strip());
  }
}
