package dev.relearn.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * Standard output remembering why a write failed (a {@link PrintWriter} keeps only a flag), so
 * that a full disk is exit code 1; a reader that stopped early (a broken pipe) is no failure.
 */
final class CheckedOutput extends FilterOutputStream {
  private IOException failure;

  CheckedOutput(OutputStream out) {
    super(out);
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      failed(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      failed(e);
    }
  }

  private void failed(IOException e) throws IOException {
    if (failure == null) {
      failure = e;
    }
    throw e;
  }

  /** Whether the first failed write was to a reader that had gone (EPIPE). */
  private boolean readerGone() {
    String message = failure.getMessage();
    return message != null && message.contains("Broken pipe");
  }

  /** {@code code}, or 1 instead of 0 (saying why on {@code err}) when output was lost. */
  int exitCode(int code, PrintWriter err) {
    if (failure == null || readerGone()) {
      return code;
    }
    err.println("relearn: could not write the output: " + Errors.sentence(failure)
        + (code == 0 ? "; the command itself completed, so a retry would repeat it" : ""));
    err.flush();
    return code == 0 ? 1 : code;
  }
}
