package dev.relearn.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * The command's standard output, remembering why a write failed: a {@link PrintWriter} only keeps
 * a flag, so {@code relearn search --json > out.json} on a full disk used to leave an empty file
 * and exit 0. A reader that stops early ({@code relearn search ... | head -1}, a broken pipe) is
 * no failure: the command ends as it would have, without a word.
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

  /**
   * The exit code of a command that returned {@code code} and wrote here: 1 instead of 0, saying
   * why on {@code err}, when some of its output could not be written (other than to a reader
   * that had gone).
   */
  int exitCode(int code, PrintWriter err) {
    if (failure == null || readerGone()) {
      return code;
    }
    err.println("relearn: could not write the output: " + Errors.sentence(failure));
    err.flush();
    return code == 0 ? 1 : code;
  }
}
