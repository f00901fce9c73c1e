package dev.relearn.feedback.log;

import static dev.relearn.feedback.log.RecordFormat.HEADER_BYTES;
import static dev.relearn.feedback.log.RecordFormat.MAX_PAYLOAD_BYTES;
import static dev.relearn.feedback.log.RecordFormat.describe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads one generation file and finds its intact records. A record that does not verify (bad
 * magic, length or checksum, or a sequence number not above the previous one) starts a damaged
 * stretch, skipped up to the next record that verifies; if none follows, it is a torn tail, which
 * a repairing scan truncates.
 */
final class GenerationScanner {
  private static final int SCAN_BLOCK = 64 * 1024;

  private final Path file;
  private final FileChannel channel;
  private final long size;
  private final CRC32C crc = new CRC32C();
  private ByteBuffer frame = ByteBuffer.allocate(HEADER_BYTES + 4096);
  private long floorSeq;
  private long seq;
  private int length;

  private GenerationScanner(Path file, FileChannel channel, long floorSeq) throws IOException {
    this.file = file;
    this.channel = channel;
    try {
      this.size = channel.size();
    } catch (IOException e) {
      throw readFailure(file, e);
    }
    this.floorSeq = floorSeq;
  }

  private static IOException readFailure(Path file, IOException e) {
    return new IOException("cannot read the feedback log generation " + file + ": "
        + describe(e), e);
  }

  /** Reads until the buffer is full or the file ends (consumer failures pass unwrapped). */
  private int read(ByteBuffer buffer, long position) throws IOException {
    try {
      return RecordFormat.readFully(channel, buffer, position);
    } catch (IOException e) {
      throw readFailure(file, e);
    }
  }

  /** What one scan found, and the highest intact sequence number (or 0). */
  record Result(ReplayReport report, long maxSeq) {}

  /**
   * Scans {@code file}, handing intact records to {@code consumer} (if not null); each must be
   * above {@code floorSeq}, the previous generation's; a {@code repair} truncates a torn tail.
   */
  static Result scan(Path file, long floorSeq, RecordConsumer consumer, boolean repair)
      throws IOException {
    Result result;
    long keep;
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.READ);
    } catch (IOException e) {
      throw readFailure(file, e);
    }
    try (channel) {
      GenerationScanner scanner = new GenerationScanner(file, channel, floorSeq);
      result = scanner.run(consumer);
      keep = scanner.size - result.report().truncatedBytes();
    }
    if (repair && result.report().truncatedBytes() > 0) {
      try (FileChannel writable = FileChannel.open(file, StandardOpenOption.WRITE)) {
        writable.truncate(keep);
        writable.force(false);
      } catch (IOException e) {
        throw new IOException("cannot truncate the torn tail of the feedback log generation "
            + file + " to " + keep + " bytes: " + describe(e), e);
      }
    }
    return result;
  }

  private Result run(RecordConsumer consumer) throws IOException {
    long records = 0;
    long maxSeq = 0;
    int damaged = 0;
    long skipped = 0;
    long truncated = 0;
    List<String> problems = new ArrayList<>();
    String name = file.getFileName().toString();
    long pos = 0;
    while (pos < size) {
      String problem = verify(pos);
      if (problem == null) {
        if (consumer != null) {
          byte[] payload = new byte[length];
          frame.get(HEADER_BYTES, payload);
          consumer.accept(seq, payload);
        }
        records++;
        maxSeq = seq;
        floorSeq = seq;
        pos += HEADER_BYTES + length;
        continue;
      }
      long next = findNext(pos + 1);
      if (next < 0) {
        truncated = size - pos;
        problems.add(name + " at byte " + pos + ": " + problem + ", torn tail of " + truncated
            + " bytes truncated");
        break;
      }
      damaged++;
      skipped += next - pos;
      problems.add(name + " at byte " + pos + ": " + problem + ", skipped " + (next - pos)
          + " bytes");
      pos = next;
    }
    return new Result(new ReplayReport(records, damaged, skipped, truncated, problems), maxSeq);
  }

  /**
   * Checks the record at {@code pos}: null if it is intact (then {@link #seq}, {@link #length}
   * and the frame hold it), else what is wrong.
   */
  private String verify(long pos) throws IOException {
    if (size - pos < HEADER_BYTES) {
      return "incomplete header of " + (size - pos) + " bytes";
    }
    frame.clear().limit(HEADER_BYTES);
    read(frame, pos);
    if (frame.getInt(0) != RecordFormat.MAGIC) {
      return "bad magic";
    }
    int len = frame.getInt(RecordFormat.LENGTH_OFFSET);
    if (len < 0 || len > MAX_PAYLOAD_BYTES) {
      return "impossible length " + len;
    }
    if (pos + HEADER_BYTES + len > size) {
      return "record of " + len + " payload bytes runs past the end of the file";
    }
    if (frame.capacity() < HEADER_BYTES + len) {
      ByteBuffer bigger = ByteBuffer.allocate(Math.max(HEADER_BYTES + len, 2 * frame.capacity()));
      bigger.put(0, frame, 0, HEADER_BYTES);
      frame = bigger;
    }
    frame.limit(HEADER_BYTES + len).position(HEADER_BYTES);
    read(frame, pos + HEADER_BYTES);
    int stored = frame.getInt(RecordFormat.CRC_OFFSET);
    if (RecordFormat.checksum(crc, frame, len) != stored) {
      return "bad checksum";
    }
    long recordSeq = frame.getLong(RecordFormat.SEQ_OFFSET);
    if (recordSeq <= floorSeq) {
      return "sequence number " + recordSeq + " does not follow " + floorSeq;
    }
    seq = recordSeq;
    length = len;
    return null;
  }

  /** The offset of the next record at or after {@code from} that verifies, or -1. */
  private long findNext(long from) throws IOException {
    ByteBuffer block = ByteBuffer.allocate(SCAN_BLOCK);
    byte m0 = (byte) (RecordFormat.MAGIC >>> 24);
    for (long start = from; start + 4 <= size; start += SCAN_BLOCK - 3) {
      block.clear();
      int n = read(block, start);
      for (int i = 0; i + 4 <= n; i++) {
        if (block.get(i) == m0 && block.getInt(i) == RecordFormat.MAGIC
            && verify(start + i) == null) {
          return start + i;
        }
      }
    }
    return -1;
  }
}
