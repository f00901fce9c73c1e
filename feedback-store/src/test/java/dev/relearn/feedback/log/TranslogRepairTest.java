package dev.relearn.feedback.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Replay after a torn tail or damage in the middle of a generation. */
class TranslogRepairTest {
  private static final int HEADER = RecordFormat.HEADER_BYTES;

  @TempDir Path tmp;
  private final Random random = new Random(11);
  private final List<byte[]> written = new ArrayList<>();
  /** Byte offset of each record in translog-1.log. */
  private final List<Long> offsets = new ArrayList<>();

  /** Writes {@code count} records of random sizes into generation 1 of {@code dir}. */
  private Path writeLog(Path dir, int count) throws IOException {
    long offset = 0;
    try (Translog log = Translog.open(dir)) {
      for (int i = 0; i < count; i++) {
        byte[] payload = new byte[40 + random.nextInt(200)];
        random.nextBytes(payload);
        log.append(payload);
        written.add(payload);
        offsets.add(offset);
        offset += HEADER + payload.length;
      }
    }
    Path file = dir.resolve("translog-1.log");
    assertEquals(offset, Files.size(file));
    return file;
  }

  private static void truncate(Path file, long size) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(size);
    }
  }

  private static void overwrite(Path file, long offset, byte[] bytes) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(bytes), offset);
    }
  }

  private static byte[] read(Path file, long offset, int length) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocate(length);
      channel.read(buffer, offset);
      return buffer.array();
    }
  }

  @Test
  void tornTailsAreTruncatedAndAppendsContinue() throws IOException {
    Path pristine = writeLog(tmp.resolve("pristine"), 5);
    long start = offsets.get(4);
    long end = Files.size(pristine);
    long[] cuts = {start + 1, start + 3, start + 4, start + 8, start + 15, start + 19,
        start + HEADER, start + HEADER + 1, start + HEADER + 30, end - 1};
    for (long cut : cuts) {
      Path dir = tmp.resolve("cut-" + cut);
      Files.createDirectories(dir);
      Path file = dir.resolve("translog-1.log");
      Files.copy(pristine, file);
      truncate(file, cut);
      try (Translog log = Translog.open(dir)) {
        Replayed replayed = Replayed.of(log);
        assertEquals(List.of(1L, 2L, 3L, 4L), replayed.seqs, "cut at " + cut);
        for (int i = 0; i < 4; i++) {
          assertArrayEquals(written.get(i), replayed.payloads.get(i), "cut at " + cut);
        }
        assertEquals(cut - start, replayed.report.truncatedBytes(), "cut at " + cut);
        assertEquals(0, replayed.report.damagedRecords());
        assertEquals(1, replayed.report.problems().size());
        String problem = replayed.report.problems().get(0);
        assertTrue(problem.startsWith("translog-1.log at byte " + start + ": "), problem);
        assertTrue(problem.contains("torn tail of " + (cut - start) + " bytes"), problem);
        assertEquals(start, Files.size(file), "cut at " + cut);
        assertEquals(5, log.append(new byte[] {42}));
      }
      try (Translog log = Translog.open(dir)) {
        Replayed replayed = Replayed.of(log);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), replayed.seqs, "cut at " + cut);
        assertArrayEquals(new byte[] {42}, replayed.payloads.get(4));
        assertTrue(replayed.report.clean(), replayed.report.problems().toString());
      }
    }
  }

  @Test
  void zeroFilledTailIsTruncated() throws IOException {
    Path file = writeLog(tmp, 3);
    long end = Files.size(file);
    overwrite(file, end, new byte[4096]); // a file system that grew the file but lost the data
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(3, replayed.seqs.size());
      assertEquals(4096, replayed.report.truncatedBytes());
      assertEquals(end, Files.size(file));
      assertTrue(Replayed.of(log).report.clean()); // a second replay finds nothing more to do
    }
  }

  /** Ways to damage one record in place. */
  enum Damage {
    PAYLOAD_BYTE, MAGIC, IMPOSSIBLE_LENGTH, SHORTER_LENGTH, SEQUENCE_NUMBER, CHECKSUM
  }

  @ParameterizedTest
  @EnumSource(Damage.class)
  void damagedRecordInTheMiddleIsSkippedAndReported(Damage damage) throws IOException {
    Path file = writeLog(tmp, 10);
    long at = offsets.get(4);
    int frame = HEADER + written.get(4).length;
    switch (damage) {
      case PAYLOAD_BYTE -> {
        long where = at + HEADER + 17;
        overwrite(file, where, new byte[] {(byte) ~read(file, where, 1)[0]});
      }
      case MAGIC -> overwrite(file, at + 1, new byte[] {0});
      case IMPOSSIBLE_LENGTH -> overwrite(file, at + 4, ByteBuffer.allocate(4)
          .putInt(Integer.MAX_VALUE).array());
      case SHORTER_LENGTH -> overwrite(file, at + 4, ByteBuffer.allocate(4)
          .putInt(written.get(4).length - 10).array());
      case SEQUENCE_NUMBER -> overwrite(file, at + 15, new byte[] {99});
      case CHECKSUM -> overwrite(file, at + 16, new byte[] {1, 2, 3, 4});
      default -> throw new IllegalArgumentException("unknown damage " + damage);
    }
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      List<Long> expected = new ArrayList<>(LongStream.rangeClosed(1, 10).boxed().toList());
      expected.remove(Long.valueOf(5));
      assertEquals(expected, replayed.seqs, damage.name());
      for (int i = 0; i < 9; i++) {
        assertArrayEquals(written.get(i < 4 ? i : i + 1), replayed.payloads.get(i));
      }
      ReplayReport report = replayed.report;
      assertEquals(1, report.damagedRecords(), report.problems().toString());
      assertEquals(frame, report.skippedBytes());
      assertEquals(0, report.truncatedBytes());
      String problem = report.problems().get(0);
      assertTrue(problem.startsWith("translog-1.log at byte " + at + ": "), problem);
      assertTrue(problem.endsWith("skipped " + frame + " bytes"), problem);
      assertEquals(11, log.append(new byte[] {1}));
    }
  }

  @Test
  void damagedFinalRecordIsATornTail() throws IOException {
    Path file = writeLog(tmp, 4);
    long at = offsets.get(3);
    overwrite(file, at + HEADER, new byte[] {1, 2, 3});
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(List.of(1L, 2L, 3L), replayed.seqs);
      assertEquals(Files.size(tmp.resolve("translog-1.log")), at);
      assertTrue(replayed.report.problems().get(0).contains("bad checksum"),
          replayed.report.problems().toString());
      assertEquals(4, log.append(new byte[] {1}), "the lost record's number is reused");
    }
  }

  @Test
  void damageInAnOlderGenerationKeepsLaterGenerations() throws IOException {
    Path file = writeLog(tmp, 3);
    try (Translog log = Translog.open(tmp)) {
      log.append(new byte[] {7});
      log.append(new byte[] {8});
    }
    overwrite(file, offsets.get(1) + HEADER + 2, new byte[] {0x55, 0x55});
    try (Translog log = Translog.open(tmp)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(List.of(1L, 3L, 4L, 5L), replayed.seqs);
      assertEquals(1, replayed.report.damagedRecords());
    }
  }

  @Test
  void aGenerationFileMissingInTheMiddleIsReported() throws IOException {
    Path dir = tmp.resolve("log");
    try (Translog log = Translog.open(dir)) {
      for (int i = 1; i <= 6; i++) {
        log.append(new byte[] {(byte) i});
        if (i % 2 == 0) {
          log.rollGeneration(); // records 1-2, 3-4 and 5-6 in three files
        }
      }
    }
    try (Translog log = Translog.open(dir)) {
      assertTrue(Replayed.of(log).report.clean(), "whole: no gap");
    }
    Files.delete(dir.resolve("translog-2.log"));
    try (Translog log = Translog.open(dir)) {
      Replayed replayed = Replayed.of(log);
      assertEquals(List.of(1L, 2L, 5L, 6L), replayed.seqs);
      assertEquals(List.of("records 3 to 4 are missing between translog-1.log and translog-3.log"
          + " (a generation file deleted or moved?): the feedback they held is lost unless a"
          + " checkpoint had taken it"), replayed.report.problems());
    }
    Files.delete(dir.resolve("translog-1.log")); // as a trim does: only the oldest go
    try (Translog log = Translog.open(dir)) {
      assertTrue(Replayed.of(log).report.clean(), "a trimmed start is no gap");
    }
  }
}
