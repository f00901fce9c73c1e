package dev.relearn.feedback.log;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failure semantics: a failed write is rolled back and the log goes on; a failed fsync (or a
 * failed rollback) makes the log fail until it is reopened.
 */
class TranslogFailureTest {
  private static final int HEADER = RecordFormat.HEADER_BYTES;

  @TempDir Path tmp;
  private final FaultyChannel.Faults faults = new FaultyChannel.Faults();

  private Translog open() throws IOException {
    return Translog.open(tmp, Durability.REQUEST, Duration.ofHours(1), faults.opener());
  }

  private static byte[] text(String s) {
    return s.getBytes(UTF_8);
  }

  private static void assertMentions(Throwable e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "'" + part + "' missing in: " + e.getMessage());
    }
  }

  @Test
  void failedWriteIsNotAcknowledgedAndIsRolledBack() throws IOException {
    Path file = tmp.resolve("translog-1.log");
    try (Translog log = open()) {
      log.append(text("one"));
      log.append(text("two"));
      long before = Files.size(file);
      faults.nextWrite.set(new IOException("No space left on device"));
      IOException e = assertThrows(IOException.class, () -> log.append(new byte[1000]));
      assertMentions(e, "cannot append to the feedback log " + file, "No space left on device");
      assertEquals(2, log.lastSyncedSeq());
      assertEquals(before, Files.size(file), "the half-written record is cut off");
      assertEquals(3, log.append(text("three")));
    }
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(List.of("one", "two", "three"), replayed.texts());
      assertTrue(replayed.report.clean(), replayed.report.problems().toString());
    }
  }

  @Test
  void failedWriteJustBeforeCloseLeavesNoGarbage() throws IOException {
    try (Translog log = open()) {
      log.append(text("one"));
      faults.nextWrite.set(new IOException("No space left on device"));
      assertThrows(IOException.class, () -> log.append(new byte[5000]));
    }
    assertEquals(HEADER + 3, Files.size(tmp.resolve("translog-1.log")));
  }

  @Test
  void failedFsyncMakesTheLogFailUntilReopened() throws IOException {
    Path file = tmp.resolve("translog-1.log");
    Translog log = open();
    log.append(text("one"));
    log.append(text("two"));
    faults.force = new IOException("Input/output error");
    IOException e = assertThrows(IOException.class, () -> log.append(text("three")));
    assertMentions(e, "cannot sync the feedback log " + file, "Input/output error");
    assertEquals(2, log.lastSyncedSeq());
    faults.force = null; // even though the disk seems fine again, nothing is trusted
    IOException later = assertThrows(IOException.class, () -> log.append(text("four")));
    assertMentions(later, "failed earlier", "Input/output error", tmp.toString());
    assertThrows(IOException.class, log::sync);
    assertThrows(IOException.class, log::rollGeneration);
    assertMentions(assertThrows(IOException.class, log::close), "had failed");
    log.close(); // idempotent
    try (Translog reopened = Translog.open(tmp)) {
      List<String> texts = Replayed.of(reopened).texts();
      // "three" was written but never acknowledged: it may come back (callers dedupe by event id)
      assertEquals(List.of("one", "two", "three"), texts);
      assertEquals(4, reopened.append(text("four")));
    }
  }

  @Test
  void failedRollbackMakesTheLogFail() throws IOException {
    Translog log = open();
    log.append(text("one"));
    faults.nextWrite.set(new IOException("No space left on device"));
    faults.truncate = new IOException("Read-only file system");
    IOException e = assertThrows(IOException.class, () -> log.append(new byte[100]));
    assertMentions(e, "No space left on device");
    assertEquals("Read-only file system", e.getSuppressed()[0].getMessage());
    faults.truncate = null;
    assertMentions(assertThrows(IOException.class, () -> log.append(text("two"))),
        "failed earlier", "cannot roll back");
    assertMentions(assertThrows(IOException.class, log::close), "had failed");
  }

  @Test
  void uncreatableGenerationFileFailsOpenNamingIt() throws IOException {
    Path file = tmp.resolve("translog-1.log");
    faults.nextOpen.set(new AccessDeniedException(file.toString()));
    IOException e = assertThrows(IOException.class, this::open);
    assertMentions(e, file.toString(), "permission denied");
    try (Translog log = Translog.open(tmp)) { // the folder lock was released
      assertEquals(1, log.append(text("x")));
    }
  }

  @Test
  void failedRollKeepsAppendingToTheCurrentGeneration() throws IOException {
    try (Translog log = open()) {
      log.append(text("one"));
      faults.nextOpen.set(new IOException("No space left on device"));
      IOException e = assertThrows(IOException.class, log::rollGeneration);
      assertMentions(e, tmp.resolve("translog-2.log").toString(), "No space left on device");
      assertEquals(2, log.append(text("two")));
      assertEquals(2, log.rollGeneration());
      assertEquals(3, log.append(text("three")));
    }
    try (Translog log = Translog.open(tmp)) {
      assertEquals(List.of("one", "two", "three"), Replayed.of(log).texts());
    }
  }

  @Test
  void readOnlyFolderFailsClearlyAtOpen() throws IOException {
    Path dir = tmp.resolve("log");
    try (Translog log = Translog.open(dir)) {
      log.append(text("x"));
    }
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-x------"));
    try {
      Assumptions.assumeFalse(FaultyChannel.ignoresPermissions(dir),
          "this process can write into read-only folders (root): "
              + "uncreatableGenerationFileFailsOpenNamingIt covers the failure by injection");
      IOException e = assertThrows(IOException.class, () -> Translog.open(dir));
      assertMentions(e, dir.toString(), "permission denied");
    } finally {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }
  }

  @Test
  void interruptedAppenderFailsAloneAndTheLogGoesOn() throws Exception {
    try (Translog log = Translog.open(tmp)) {
      log.append(text("one"));
      AtomicReference<Throwable> seen = new AtomicReference<>();
      Thread thread = new Thread(() -> {
        Thread.currentThread().interrupt();
        try {
          log.append(text("interrupted"));
          seen.set(new AssertionError("an interrupted append was acknowledged"));
        } catch (IOException e) {
          seen.set(e);
        }
      }, "interrupted-appender");
      thread.start();
      thread.join();
      Throwable e = seen.get();
      assertInstanceOf(IOException.class, e);
      assertInstanceOf(ClosedByInterruptException.class, e.getCause());
      assertMentions(e, "translog-1.log", "interrupted");
      assertEquals(2, log.append(text("two")));
      log.sync();
      assertEquals(3, log.append(text("three")));
    }
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(List.of("one", "two", "three"), replayed.texts());
      assertTrue(replayed.report.clean(), replayed.report.problems().toString());
    }
  }

  @Test
  void aRollAfterAnInterruptedWriteKeepsTheNextGenerationsRecords() throws Exception {
    try (Translog log = open()) {
      log.append(text("one"));
      faults.interruptAfterWrite.set(true); // the record is whole on disk, yet not acknowledged
      AtomicReference<Throwable> seen = new AtomicReference<>();
      Thread thread = new Thread(() -> {
        try {
          log.append(text("interrupted"));
        } catch (IOException e) {
          seen.set(e);
        }
      }, "interrupted-appender");
      thread.start();
      thread.join();
      assertInstanceOf(IOException.class, seen.get());
      assertEquals(1, log.rollGeneration());
      assertEquals(2, log.append(text("two")));
    }
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(List.of("one", "two"), replayed.texts());
      assertTrue(replayed.report.clean(), replayed.report.problems().toString());
    }
  }

  @Test
  void asyncBackgroundFsyncFailureSurfaces() throws Exception {
    Translog log = Translog.open(tmp, Durability.ASYNC, Duration.ofMillis(5), faults.opener());
    faults.force = new IOException("Input/output error");
    log.append(text("one")); // returns: ASYNC does not wait for the failing fsync
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos(); // liveness bound
    IOException failure = null;
    while (failure == null && System.nanoTime() < deadline) {
      Thread.sleep(5);
      try {
        log.append(text("more"));
      } catch (IOException e) {
        failure = e;
      }
    }
    assertMentions(failure, "failed earlier", "Input/output error");
    assertMentions(assertThrows(IOException.class, log::close), "Input/output error");
  }
}
