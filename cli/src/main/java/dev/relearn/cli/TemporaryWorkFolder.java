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
 * A command's temporary work folder, deleted however the command ends: by {@link #close()} when
 * it returns or fails, and on SIGINT (Ctrl-C), SIGTERM or SIGHUP before the process halts with
 * 128 + the signal, as every command does ({@link SignalScope}; halting skips the JVM's shutdown
 * hooks, so a hook could not do it). The command's own thread may still be writing into the
 * folder while a signal's handler deletes it, so the deletion is tried again while something
 * reappears; and once the handler has begun, {@link #close()} waits for it (that is, for the
 * halt), so the command cannot report an error about its vanished folder or exit first. {@link
 * #close()} restores the signals' previous handling.
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

  /**
   * Deletes the folder with everything in it, unless done already; a handler's deletion holds
   * this lock until the process halts.
   */
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
