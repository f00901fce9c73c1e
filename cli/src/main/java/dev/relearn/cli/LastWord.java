package dev.relearn.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * Standard error that a thread about to halt the process can take for itself, so that its notice
 * ("relearn: stopped by SIGTERM") is the last thing the process says there. Without it, the
 * command's own thread, still running while a signal's handler writes, could add a line after
 * the notice ("embedding: done in 0 s") in the moment before the halt. Once a thread has {@link
 * #claim claimed} it, what other threads write to standard error is dropped: the process is about
 * to end, and half a progress line after the notice would only mislead. A write already under way
 * when the claim comes finishes first. {@link #install} puts it under {@code System.err}; until
 * then, a claim does nothing (a command run in-process by a test writes where the test says).
 */
final class LastWord extends OutputStream {
  private static volatile LastWord installed;

  private final OutputStream out;
  private Thread owner; // guarded by this

  LastWord(OutputStream out) {
    this.out = out;
  }

  /** Puts a new one under {@code System.err}, over the process's standard error. */
  static void install() {
    LastWord stderr = new LastWord(new FileOutputStream(FileDescriptor.err));
    System.setErr(new PrintStream(stderr, true, System.err.charset()));
    installed = stderr;
  }

  /** From now on only the calling thread writes to the installed standard error, if any. */
  static void claim() {
    LastWord stderr = installed;
    if (stderr != null) {
      stderr.claimForCurrentThread();
    }
  }

  /**
   * Says {@code notice} on {@code err} after a blank line, as the last thing the process says
   * there: for a thread about to halt it.
   */
  static void say(PrintWriter err, String notice) {
    claim();
    err.println();
    err.println(notice);
    err.flush();
  }

  /** From now on only the calling thread writes through this stream. */
  synchronized void claimForCurrentThread() {
    owner = Thread.currentThread();
  }

  private boolean open() {
    return owner == null || owner == Thread.currentThread();
  }

  @Override
  public synchronized void write(int b) throws IOException {
    if (open()) {
      out.write(b);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    if (open()) {
      out.write(b, off, len);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    if (open()) {
      out.flush();
    }
  }
}
