package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.relearn.cli.CliTest.Result;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that writes waits for another relearn command holding the index ({@code --wait}),
 * in real processes: three {@code feedback} processes started together all record their event.
 * Before, the first to take the lock succeeded and the others failed at once ("index in use ...
 * held by relearn feedback"). A {@code serve}, an {@code mcp} or an application is not waited
 * for, and a wait ends: then the command fails as it did before.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LockWaitCliTest {
  private static final RelearnOptions HASHING =
      RelearnOptions.defaults().withModel(ModelChoice.HASHING);
  private static final long SELF = ProcessHandle.current().pid();

  @TempDir Path tmp;
  private Path index;
  private String chunk;

  @BeforeEach
  void index() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("keys.md"), "# Keys\nRotate the signing keys often.\n");
    index = tmp.resolve("idx");
    assertEquals(0, CliTest.run(CliTest.hashingArgs(index, "index", docs.toString())).code());
    JsonNode hits = new ObjectMapper().readTree(CliTest.run(CliTest.hashingArgs(index, "search",
        "--json", "rotate keys")).out()).get("hits");
    chunk = hits.get(0).get("chunk_id").asText();
  }

  @Test
  void concurrentFeedbackProcessesAllRecordTheirEvent() throws Exception {
    List<Process> writers = new ArrayList<>();
    List<BufferedReader> errs = new ArrayList<>();
    long released;
    // Another command holds the index while the three start, so each of them meets a held lock.
    try (Relearn holder = Relearn.open(index, HASHING.withLockHolder("relearn feedback"))) {
      for (int i = 0; i < 3; i++) {
        Process writer = start("feedback", "--index", index.toString(), "--query", "query " + i,
            "--used", chunk, "--wait", "300");
        writers.add(writer);
        errs.add(new BufferedReader(
            new InputStreamReader(writer.getErrorStream(), StandardCharsets.UTF_8)));
      }
      for (BufferedReader err : errs) {
        String told = lineWith(err, "relearn:");
        assertEquals("relearn: index in use by relearn feedback (pid " + SELF + "); waiting up to"
            + " 300 s…", told, "each says it waits, naming the holder");
      }
      released = System.nanoTime();
    } // the three now take the lock from each other, one at a time
    for (int i = 0; i < 3; i++) {
      Process writer = writers.get(i);
      assertTrue(writer.waitFor(300, TimeUnit.SECONDS), "writer " + i + " ended");
      String out = new String(writer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String rest = errs.get(i).lines().collect(Collectors.joining("\n"));
      assertEquals(0, writer.exitValue(), "writer " + i + ": " + out + rest);
      assertTrue(out.startsWith("recorded: "), out);
    }
    System.out.printf("three feedback processes done %.1f s after the holder let go%n",
        (System.nanoTime() - released) / 1e9);
    Result stats = CliTest.run("feedback-stats", "--index", index.toString(), "--json");
    assertEquals(0, stats.code(), stats.err());
    assertEquals(3, new ObjectMapper().readTree(stats.out()).get("events").asInt(), stats.out());
  }

  @Test
  void aServeHoldingTheIndexIsNamedAtOnce() throws Exception {
    Process serve = start("serve", "--index", index.toString(), "--port", "0");
    try {
      BufferedReader err = new BufferedReader(
          new InputStreamReader(serve.getErrorStream(), StandardCharsets.UTF_8));
      assertTrue(lineWith(err, " at http://") != null, "serve started");
      Result feedback = feedback("--wait", "600"); // waiting would outlast the test's timeout
      assertEquals(1, feedback.code(), feedback.err());
      assertFalse(feedback.err().contains("waiting"), feedback.err());
      assertTrue(feedback.err().startsWith("relearn: index in use by another process: "
          + index.toAbsolutePath().normalize() + " (held by relearn serve, pid " + serve.pid()
          + ", since "), feedback.err());
    } finally {
      serve.destroy();
      assertTrue(serve.waitFor(60, TimeUnit.SECONDS));
    }
  }

  @Test
  void aServerStartedWhileACommandHoldsTheIndexWaitsForItAndServesWritable() throws Exception {
    // before, a serve or an mcp started during a `relearn search` served read-only until restarted
    for (String command : List.of("serve", "mcp")) {
      Process server;
      BufferedReader err;
      try (Relearn holder = Relearn.open(index, HASHING.withLockHolder("relearn search"))) {
        server = command.equals("serve")
            ? start("serve", "--index", index.toString(), "--port", "0")
            : start("mcp", "--index", index.toString());
        err = new BufferedReader(
            new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8));
        assertEquals("relearn: index in use by relearn search (pid " + SELF + "); waiting up to "
            + LockWait.DEFAULT_SECONDS + " s…", lineWith(err, "relearn:"), command);
      }
      try {
        String serving = lineWith(err, command.equals("serve") ? " at http://" : " on stdio for ");
        assertTrue(serving != null && !serving.contains("read-only"), command + ": " + serving);
      } finally {
        server.destroy();
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
      }
    }
  }

  @Test
  void anMcpOrAnApplicationHoldingTheIndexIsNamedAtOnce() throws Exception {
    for (String label : List.of("relearn mcp", "java", "my app")) {
      try (Relearn holder = Relearn.open(index, HASHING.withLockHolder(label))) {
        Result feedback = feedback("--wait", "600");
        assertEquals(1, feedback.code(), feedback.err());
        assertFalse(feedback.err().contains("waiting"), label + ": " + feedback.err());
        assertTrue(feedback.err().contains("(held by " + label + ", pid " + SELF + ", since "),
            feedback.err());
        assertEquals(0, holder.feedbackStats().ledgerEvents(), "nothing recorded");
      }
    }
  }

  @Test
  void theWaitEndsWithTheErrorOfBefore() throws Exception {
    try (Relearn holder = Relearn.open(index, HASHING.withLockHolder("relearn index"))) {
      long start = System.nanoTime();
      Result feedback = feedback("--wait", "1");
      System.out.printf("--wait 1 gave up after %.2f s%n", (System.nanoTime() - start) / 1e9);
      assertEquals(1, feedback.code(), feedback.err());
      String[] lines = feedback.err().split("\n");
      assertEquals("relearn: index in use by relearn index (pid " + SELF + "); waiting up to 1"
          + " s…", lines[0]);
      assertTrue(lines[1].startsWith("relearn: index in use by another process: "
          + index.toAbsolutePath().normalize() + " (held by relearn index, pid " + SELF
          + ", since "), feedback.err());
      assertTrue(lines[1].endsWith("; this command writes, so stop that process and run it"
          + " again. Searches work meanwhile."), feedback.err());
      assertEquals(0, holder.feedbackStats().ledgerEvents(), "nothing recorded");

      Result atOnce = feedback("--wait", "0");
      assertEquals(1, atOnce.code(), atOnce.err());
      assertTrue(atOnce.err().startsWith("relearn: index in use by another process: "),
          atOnce.err());
    }
    Result negative = feedback("--wait", "-1");
    assertEquals(2, negative.code(), negative.err());
    assertTrue(negative.err().startsWith("relearn: --wait must be at least 0 seconds, got: -1\n"),
        negative.err());
    for (String command : List.of("feedback", "forget", "index", "remove", "weights",
        "compact")) {
      assertTrue(CliTest.run(command, "--help").out().contains("--wait=SECONDS"), command);
    }
    assertEquals(0, feedback().code(), "free again: recorded at once");
  }

  @Test
  void aServerOrAnAgentHostHoldingTheIndexIsNamedWithWhatToDoInstead() throws Exception {
    for (String label : List.of("relearn serve", "relearn mcp")) {
      try (Relearn holder = Relearn.open(index, HASHING.withLockHolder(label))) {
        Result feedback = feedback("--wait", "0");
        assertEquals(1, feedback.code(), feedback.err());
        assertTrue(feedback.err().strip().endsWith(label.endsWith("serve")
            ? "Feedback can go to that server instead (POST /api/feedback)."
            : "An agent host started it: stop the host's relearn mcp, or record feedback"
                + " through its record_feedback tool."), feedback.err());
      }
    }
  }

  private Result feedback(String... extra) {
    List<String> args = new ArrayList<>(List.of("feedback", "--index", index.toString(),
        "--query", "rotate keys", "--used", chunk));
    args.addAll(List.of(extra));
    return CliTest.run(args.toArray(new String[0]));
  }

  private Process start(String... args) throws IOException {
    return new ProcessBuilder(CliProcess.command(args)).directory(tmp.toFile()).start();
  }

  /** The first line holding {@code text}, or null when the stream ends first. */
  private static String lineWith(BufferedReader reader, String text) throws IOException {
    String line = reader.readLine();
    while (line != null && !line.contains(text)) {
      line = reader.readLine();
    }
    return line;
  }
}
