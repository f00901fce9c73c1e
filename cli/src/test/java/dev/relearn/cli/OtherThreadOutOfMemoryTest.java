package dev.relearn.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A heap that runs out on another thread while a path is indexed (the feedback store's
 * maintenance, a Lucene merge) ends the run as one on the indexing thread does: the message with
 * the heap to retry with, exit code 1, no stack trace. Once a run printed the maintenance thread's
 * trace and went on.
 */
class OtherThreadOutOfMemoryTest {
  /** The child: indexes "a path" while another thread runs out of memory. */
  public static void main(String[] args) throws Exception {
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    try (Interruption interruption = new Interruption(err, Path.of(args[0]))) {
      Thread maintenance = new Thread(() -> {
        throw new OutOfMemoryError("Java heap space");
      }, "relearn-feedback-maintenance");
      maintenance.start();
      maintenance.join();
      Thread.sleep(10_000); // the handler halts before this ends
    }
    System.exit(0);
  }

  @Test
  void anOtherThreadsOutOfMemoryEndsTheRunWithTheMessage() throws Exception {
    List<String> command = new ArrayList<>(List.of(CliProcess.java()));
    command.addAll(CliProcess.JVM_FLAGS);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        OtherThreadOutOfMemoryTest.class.getName(), "/tmp/some-folder"));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not end");
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(1, child.exitValue(), out);
    assertTrue(out.contains("relearn: out of memory while indexing /tmp/some-folder"), out);
    assertFalse(out.contains("\tat "), "no stack trace: " + out);
  }
}
