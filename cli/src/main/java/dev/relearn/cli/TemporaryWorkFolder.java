package dev.relearn.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import sun.misc.Signal;

/**
 * A command's temporary work folder, deleted by {@link #close()} or on a signal before the process
 * halts ({@link SignalScope}). The command may still write into it while a handler deletes it, so
 * deletion is retried; {@link #close()} waits for a handler under way, so the command cannot
 * report its vanished folder first.
 */
final class TemporaryWorkFolder implements AutoCloseable {
  /** Deletions tried before giving up on a folder that keeps being written into. */
  static final int ATTEMPTS = 5;

  private final Path folder;
  private final PrintWriter err;
  private final SignalScope signals;
  private boolean deleted; // guarded by this

  /** Deletes {@code folder} on a signal (saying so on {@code err}) or when closed. */
  TemporaryWorkFolder(Path folder, PrintWriter err) {
    this.folder = folder;
    this.err = err;
    this.signals = new SignalScope(this::stop);
  }

  /** The folder. */
  Path folder() {
    return folder;
  }

  private void stop(Signal signal) {
    LastWord.say(err, "relearn: stopped by SIG" + signal.getName() + "; deleting " + folder);
    try {
      delete();
    } catch (IOException | RuntimeException e) {
      err.println("relearn: could not delete " + folder + ": " + Errors.sentence(e));
      err.flush();
    }
    SignalScope.halt(signal);
  }

  /** Deletes the folder and its content once; a handler holds this lock until the halt. */
  synchronized void delete() throws IOException {
    if (deleted) {
      return;
    }
    IOException last = null;
    for (int attempt = 0; attempt < ATTEMPTS && Files.exists(folder); attempt++) {
      try {
        deleteTree(folder);
      } catch (IOException e) { // a file created meanwhile: a folder not empty
        last = e;
      } catch (UncheckedIOException e) { // from the walk: a folder gone meanwhile
        last = e.getCause();
      }
    }
    if (Files.exists(folder)) {
      throw last != null ? last : new IOException(folder + " is still there after " + ATTEMPTS
          + " deletions");
    }
    deleted = true;
  }

  /** Deletes {@code root} and everything under it, deepest first. */
  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /** Deletes the folder (or waits for a signal's handler doing so), then restores the signals. */
  @Override
  public void close() throws IOException {
    try {
      delete();
    } finally {
      signals.close();
    }
  }
}
