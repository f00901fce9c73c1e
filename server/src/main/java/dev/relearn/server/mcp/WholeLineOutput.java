package dev.relearn.server.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that passes on whole lines only, so that the SDK's messages and the server's
 * own {@link #writeLine replies} never interleave mid-line on stdout. Bytes written through the
 * stream are held until their newline; {@link #flush} passes on what is complete. Thread-safe.
 */
final class WholeLineOutput extends OutputStream {
  private final OutputStream out;
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

  WholeLineOutput(OutputStream out) {
    this.out = out;
  }

  @Override
  public synchronized void write(int b) throws IOException {
    partial.write(b);
    if (b == '\n') {
      partial.writeTo(out);
      partial.reset();
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    int start = offset;
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      if (bytes[i] == '\n') {
        partial.write(bytes, start, i + 1 - start);
        partial.writeTo(out);
        partial.reset();
        start = i + 1;
      }
    }
    partial.write(bytes, start, end - start);
  }

  /** Writes {@code line} and a newline at once, between two lines of the stream, and flushes. */
  synchronized void writeLine(byte[] line) throws IOException {
    out.write(line);
    out.write('\n');
    out.flush();
  }

  @Override
  public synchronized void flush() throws IOException {
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    partial.writeTo(out);
    partial.reset();
    out.close();
  }
}
