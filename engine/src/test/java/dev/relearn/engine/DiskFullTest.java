package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index on a disk that fills up, for real: a small tmpfs. Feedback is then refused with an
 * error that names the full disk and the way out, searches go on, and after a restart every
 * acknowledged event is there. Mounting needs root; elsewhere the test is skipped and says so.
 */
class DiskFullTest {
  @TempDir Path tmp;
  private Path disk;

  @BeforeEach
  void mountASmallDisk() throws Exception {
    disk = Files.createDirectories(tmp.resolve("small-disk"));
    String output = run("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", disk.toString());
    assumeTrue(output == null, "skipped: cannot mount an 8 MB tmpfs here (needs root and the"
        + " right to mount): " + output);
  }

  @AfterEach
  void unmount() throws Exception {
    String output = run("umount", disk.toString());
    assertTrue(output == null, "umount failed: " + output);
  }

  /** Runs a command; null when it succeeded, else its output. */
  private static String run(String... command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return process.waitFor() == 0 ? null : "exit " + process.exitValue() + ": " + output;
  }

  @Test
  void feedbackOnAFullDiskIsRefusedByNameAndAcknowledgedFeedbackSurvives() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# Alpha\n\nalpha beta gamma\n");
    Path index = disk.resolve("index");
    int acknowledged = 0;
    String refusal = null;
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String chunk = relearn.search(SearchRequest.of("alpha")).hits().get(0).chunkId();
      for (; acknowledged < 10; acknowledged++) {
        relearn.feedback(request(chunk, acknowledged));
      }
      Path room = Files.write(disk.resolve("room"), new byte[48 * 1024]);
      fill(disk.resolve("filler"));
      Files.delete(room); // room for a few log records, not for the indexes' next flushes
      for (int i = 0; i < 50 && refusal == null; i++) {
        try {
          relearn.feedback(request(chunk, acknowledged));
          acknowledged++;
          relearn.search(SearchRequest.of("alpha")); // the similar-query lookup refreshes
        } catch (IOException e) {
          refusal = e.getMessage();
        }
        Thread.sleep(20); // let background maintenance meet the full disk too
      }
      assertNotNull(refusal, "feedback on a full disk was acknowledged 50 times");
      assertTrue(refusal.contains("No space left on device"), refusal);
      assertFalse(relearn.search(SearchRequest.of("alpha")).hits().isEmpty(),
          "searches go on with what was learned");
      Files.delete(disk.resolve("filler"));
    }
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      long events = relearn.feedbackStats().clusters().events();
      assertTrue(events >= acknowledged && events <= acknowledged + 1,
          acknowledged + " acknowledged, " + events + " recovered (one refused event may have"
              + " reached the log before the failure)");
      relearn.feedback(request(relearn.search(SearchRequest.of("alpha")).hits().get(0).chunkId(),
          1000));
      assertEquals(events + 1, relearn.feedbackStats().clusters().events(), "writable again");
    }
  }

  private static FeedbackRequest request(String chunk, int n) {
    return FeedbackRequest.of("alpha question " + n, List.of(chunk)).withOutcome(Outcome.SUCCESS)
        .withIds("session", "event-" + n);
  }

  /** Writes to {@code file} until the disk is full. */
  private static void fill(Path file) throws IOException {
    byte[] block = new byte[64 * 1024];
    try (OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        out.write(block);
      }
    } catch (IOException full) {
      assertTrue(String.valueOf(full.getMessage()).contains("No space left"), full.toString());
    }
  }
}
