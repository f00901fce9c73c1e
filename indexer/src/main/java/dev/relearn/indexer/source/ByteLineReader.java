package dev.relearn.indexer.source;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines at {@code \n}, dropping a {@code \r} before it, without decoding
 * and without holding more than one line. Lines longer than a limit are cut short and flagged.
 */
final class ByteLineReader {
  private final InputStream in;
  private final int maxLineBytes;
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private int limit;
  private byte[] line = new byte[256];
  private int length;
  private boolean truncated;
  private long number;
  private boolean ended;

  ByteLineReader(InputStream in, int maxLineBytes) {
    if (maxLineBytes < 1) {
      throw new IllegalArgumentException("max line bytes must be >= 1, got: " + maxLineBytes);
    }
    this.in = in;
    this.maxLineBytes = maxLineBytes;
  }

  /** Reads the next line; false at the end of the stream. */
  boolean next() throws IOException {
    if (ended) {
      return false;
    }
    length = 0;
    truncated = false;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          ended = true;
          if (length == 0 && !truncated) {
            return false;
          }
          number++;
          trimCarriageReturn();
          return true;
        }
      }
      int newline = position;
      while (newline < limit && buffer[newline] != '\n') {
        newline++;
      }
      append(position, newline);
      if (newline < limit) {
        position = newline + 1;
        number++;
        trimCarriageReturn();
        return true;
      }
      position = limit;
    }
  }

  /** The bytes of the current line; valid up to {@link #length()} until the next call. */
  byte[] bytes() {
    return line;
  }

  int length() {
    return length;
  }

  /** Whether the current line was longer than the limit and was cut short. */
  boolean truncated() {
    return truncated;
  }

  /** The 1-based number of the current line. */
  long number() {
    return number;
  }

  private void append(int from, int to) {
    int count = Math.min(to - from, maxLineBytes - length);
    if (count < to - from) {
      truncated = true;
    }
    if (count <= 0) {
      return;
    }
    if (length + count > line.length) {
      line = Arrays.copyOf(line, Math.max(length + count, line.length * 2));
    }
    System.arraycopy(buffer, from, line, length, count);
    length += count;
  }

  private void trimCarriageReturn() {
    if (!truncated && length > 0 && line[length - 1] == '\r') {
      length--;
    }
  }
}
