package dev.relearn.feedback.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.zip.CRC32C;

/**
 * The on-disk record: a big-endian header of {@link #MAGIC} (to resynchronise after damage), the
 * payload length, the sequence number and a CRC32C over the sequence number's 8 bytes followed by
 * the payload; then the payload. Generation files hold nothing but records, back to back.
 */
final class RecordFormat {
  /** "RLOG": starts every record. */
  static final int MAGIC = 0x524C4F47;
  /** Magic, length, sequence number, checksum. */
  static final int HEADER_BYTES = 4 + 4 + 8 + 4;
  /** The largest payload. */
  static final int MAX_PAYLOAD_BYTES = 1 << 20;
  static final int LENGTH_OFFSET = 4;
  static final int SEQ_OFFSET = 8;
  static final int CRC_OFFSET = 16;

  private RecordFormat() {}

  /**
   * The checksum of the record framed at index 0 of {@code frame} (header, then {@code length}
   * payload bytes). Leaves the frame's position and limit changed.
   */
  static int checksum(CRC32C crc, ByteBuffer frame, int length) {
    crc.reset();
    frame.limit(SEQ_OFFSET + 8).position(SEQ_OFFSET);
    crc.update(frame);
    frame.limit(HEADER_BYTES + length).position(HEADER_BYTES);
    crc.update(frame);
    return (int) crc.getValue();
  }

  /** Reads until {@code buffer} is full or the file ends; returns the bytes read. */
  static int readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
    int total = 0;
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer, position + total);
      if (n < 0) {
        break;
      }
      total += n;
    }
    return total;
  }

  /** A short cause for a message: the reason, never a payload. */
  static String describe(IOException e) {
    if (e instanceof ClosedByInterruptException) {
      return "the thread was interrupted";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "it already exists";
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }
}
