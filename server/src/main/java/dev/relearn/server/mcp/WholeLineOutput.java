package dev.relearn.server.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * Passes on whole lines only, flushed, so that the SDK's messages and the server's own {@link
 * #writeLine replies} never interleave on stdout; the SDK's lines also go to a listener.
 */
final class WholeLineOutput extends OutputStream {
  private final OutputStream out;
  private final Consumer<byte[]> lines;
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

  /** Writes to {@code out}; each line written through the stream also goes to {@code lines}. */
  WholeLineOutput(OutputStream out, Consumer<byte[]> lines) {
    this.out = out;
    this.lines = lines;
  }

  @Override
  public synchronized void write(int b) throws IOException {
    partial.write(b);
    if (b == '\n') {
      passOn();
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    int start = offset;
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      if (bytes[i] == '\n') {
        partial.write(bytes, start, i + 1 - start);
        passOn();
        start = i + 1;
      }
    }
    partial.write(bytes, start, end - start);
  }

  private void passOn() throws IOException {
    partial.writeTo(out);
    out.flush(); // out of the process before it counts as written (a halt may follow at once)
    lines.accept(partial.toByteArray());
    partial.reset();
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
