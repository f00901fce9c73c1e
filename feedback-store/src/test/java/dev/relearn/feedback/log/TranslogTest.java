package dev.relearn.feedback.log;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranslogTest {
  @TempDir Path tmp;
  private final Random random = new Random(7);

  private static byte[] text(String s) {
    return s.getBytes(UTF_8);
  }

  private static List<Long> range(long from, long to) {
    return LongStream.rangeClosed(from, to).boxed().toList();
  }

  @Test
  void roundTripOverGenerationsAndReopensContinuesSequenceNumbers() throws IOException {
    Path dir = tmp.resolve("log");
    try (Translog log = Translog.open(dir)) {
      assertEquals(0, Replayed.of(log).seqs.size());
      for (int i = 0; i < 3; i++) {
        assertEquals(i + 1, log.append(text("a" + i)));
      }
      assertEquals(3, log.rollGeneration());
      for (int i = 0; i < 3; i++) {
        log.append(text("b" + i));
      }
      assertEquals(6, log.rollGeneration());
      log.append(text("c0"));
      assertEquals(8, log.append(text("c1")));
      assertEquals(8, log.lastSyncedSeq());
    }
    for (int g = 1; g <= 3; g++) {
      assertTrue(Files.exists(dir.resolve("translog-" + g + ".log")), "generation " + g);
    }
    try (Translog log = Translog.open(dir)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(range(1, 8), replayed.seqs);
      assertEquals(List.of("a0", "a1", "a2", "b0", "b1", "b2", "c0", "c1"), replayed.texts());
      assertTrue(replayed.report.clean(), replayed.report.problems().toString());
      assertEquals(8, replayed.report.records());
      assertEquals(9, log.append(text("d0")));
    }
    try (Translog log = Translog.open(dir)) { // continues even without a replay
      assertEquals(10, log.append(text("e0")));
    }
    try (Translog log = Translog.open(dir)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(range(1, 10), replayed.seqs);
      assertEquals("e0", replayed.texts().get(9));
    }
  }

  @Test
  void encodedFeedbackEventsSurviveTheLog() throws IOException {
    float[] vector = new float[384];
    for (int i = 0; i < vector.length; i++) {
      vector[i] = random.nextFloat();
    }
    FeedbackEvent event = new FeedbackEvent("evt-1", "0123abcd", vector,
        List.of(new ShownResult("c1", 1), new ShownResult("c2", 2)), List.of("c2"),
        Outcome.SUCCESS, null, 0.9, SignalClass.STRONG, 1_700_000_000_000L, null);
    try (Translog log = Translog.open(tmp)) {
      log.append(EventCodec.encode(event));
    }
    try (Translog log = Translog.open(tmp)) {
      FeedbackEvent back = EventCodec.decode(Replayed.of(log).payloads.get(0));
      assertEquals(event, back);
      assertArrayEquals(vector, back.queryVector());
    }
  }

  @Test
  void folderAndFilesAreOwnerOnly() throws IOException {
    Path dir = tmp.resolve("a").resolve("log");
    try (Translog log = Translog.open(dir)) {
      log.append(text("x"));
    }
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    for (String name : List.of("translog-1.log", LogFolder.LOCK_FILE)) {
      assertEquals("rw-------", PosixFilePermissions.toString(
          Files.getPosixFilePermissions(dir.resolve(name))), name);
    }
  }

  @Test
  void trimAfterRollDeletesOnlyOldGenerations() throws IOException {
    try (Translog log = Translog.open(tmp)) {
      log.append(text("1"));
      log.append(text("2"));
      long first = log.rollGeneration();
      log.append(text("3"));
      long second = log.rollGeneration();
      log.append(text("4"));
      assertEquals(2, first);
      assertEquals(3, second);
      log.trimUpTo(1); // generation 1 still holds record 2
      assertTrue(Files.exists(tmp.resolve("translog-1.log")));
      log.trimUpTo(first);
      assertFalse(Files.exists(tmp.resolve("translog-1.log")));
      assertTrue(Files.exists(tmp.resolve("translog-2.log")));
      log.trimUpTo(Long.MAX_VALUE); // never the current generation
      assertFalse(Files.exists(tmp.resolve("translog-2.log")));
      assertTrue(Files.exists(tmp.resolve("translog-3.log")));
      assertEquals(5, log.append(text("5")));
      assertThrows(IllegalArgumentException.class, () -> log.trimUpTo(-1));
    }
    try (Translog log = Translog.open(tmp)) {
      assertEquals(List.of("4", "5"), Replayed.of(log).texts());
      log.trimUpTo(3); // scans generation 3, which it had not read: keeps it
      assertTrue(Files.exists(tmp.resolve("translog-3.log")));
    }
  }

  @Test
  void rollingAnEmptyGenerationCreatesNoFile() throws IOException {
    try (Translog log = Translog.open(tmp)) {
      assertEquals(0, log.rollGeneration());
      log.append(text("x"));
      assertEquals(1, log.rollGeneration());
      assertEquals(1, log.rollGeneration());
    }
    assertTrue(Files.exists(tmp.resolve("translog-2.log")));
    assertFalse(Files.exists(tmp.resolve("translog-3.log")));
    try (Translog log = Translog.open(tmp)) { // reuses the empty generation 2
      assertFalse(Files.exists(tmp.resolve("translog-3.log")));
      assertEquals(2, log.append(text("y")));
    }
  }

  @Test
  void waitingForARecordNeverWrittenIsRefused() throws IOException {
    try (Translog log = Translog.open(tmp)) {
      long seq = log.write(text("1"));
      log.awaitDurable(seq);
      assertEquals(seq, log.lastSyncedSeq());
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> log.awaitDurable(seq + 1)); // would fsync forever
      assertTrue(e.getMessage().contains("record " + (seq + 1)), e.getMessage());
    }
  }

  @Test
  void payloadLimitsAreEnforced() throws IOException {
    try (Translog log = Translog.open(tmp)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> log.append(new byte[Translog.MAX_PAYLOAD_BYTES + 1]));
      assertTrue(e.getMessage().contains(String.valueOf(Translog.MAX_PAYLOAD_BYTES + 1)),
          e.getMessage());
      assertThrows(NullPointerException.class, () -> log.append(null));
      byte[] biggest = new byte[Translog.MAX_PAYLOAD_BYTES];
      random.nextBytes(biggest);
      assertEquals(1, log.append(biggest));
      assertEquals(2, log.append(new byte[0]));
    }
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(2, replayed.payloads.size());
      assertEquals(Translog.MAX_PAYLOAD_BYTES, replayed.payloads.get(0).length);
      assertEquals(0, replayed.payloads.get(1).length);
    }
  }

  @Test
  void closedLogRejectsUseAndCloseIsIdempotent() throws IOException {
    Translog log = Translog.open(tmp);
    log.append(text("x"));
    log.close();
    log.close();
    assertThrows(IllegalStateException.class, () -> log.append(text("y")));
    assertThrows(IllegalStateException.class, () -> log.replay((s, p) -> { }));
    assertThrows(IllegalStateException.class, log::rollGeneration);
    assertThrows(IllegalStateException.class, log::sync);
    assertEquals(1, log.lastSyncedSeq());
  }

  @Test
  void replayMustComeBeforeAppends() throws IOException {
    try (Translog log = Translog.open(tmp)) {
      log.append(text("x"));
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> log.replay((s, p) -> { }));
      assertTrue(e.getMessage().contains("before appending"), e.getMessage());
    }
  }

  @Test
  void aSecondOpenOfTheSameFolderFails() throws IOException {
    try (Translog log = Translog.open(tmp)) {
      IOException e = assertThrows(IOException.class, () -> Translog.open(tmp));
      assertTrue(e.getMessage().contains(tmp.toString()), e.getMessage());
      log.append(text("x"));
    }
    try (Translog log = Translog.open(tmp)) {
      assertEquals(1, Replayed.of(log).seqs.size());
    }
  }

  @Test
  void badArgumentsAreRejectedNamingTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Translog.open(tmp, Durability.ASYNC, Duration.ZERO, StorageOpener.REAL));
    assertTrue(e.getMessage().contains("PT0S"), e.getMessage());
    assertThrows(NullPointerException.class,
        () -> Translog.open(tmp, null, Duration.ofMillis(1), StorageOpener.REAL));
  }

  @Test
  void requestModeAcknowledgesOnlyAfterAnFsyncCoveringTheRecord() throws IOException {
    FaultyChannel.Faults faults = new FaultyChannel.Faults();
    try (Translog log = Translog.open(tmp, Durability.REQUEST, Duration.ofHours(1),
        faults.opener())) {
      for (int i = 0; i < 20; i++) {
        long seq = log.append(new byte[1 + random.nextInt(500)]);
        assertEquals(Files.size(tmp.resolve("translog-1.log")), faults.lastForcedSize);
        assertEquals(i + 1, faults.forces.get());
        assertEquals(seq, log.lastSyncedSeq());
      }
    }
  }
}
