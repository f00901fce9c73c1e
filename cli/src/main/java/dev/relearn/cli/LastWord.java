package dev.relearn.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * Standard error that a thread about to halt the process can {@link #claim}, so that its notice
 * ("relearn: stopped by SIGTERM") is the last line there: other threads' writes are dropped from
 * then on. {@link #install} puts it under {@code System.err}; until then a claim does nothing.
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

  /** Claims standard error and says {@code notice} on {@code err} after a blank line. */
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
