package dev.relearn.cli;

import dev.relearn.engine.IndexInputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.apache.lucene.util.IOSupplier;
import sun.misc.Signal;

/**
 * A signal (SIGINT, SIGTERM, SIGHUP) while {@code relearn index} indexes a path: says which path
 * and what is kept, then halts with 128 + the signal, skipping the JVM's shutdown hooks ({@link
 * SignalScope}). Nothing committed is lost: a path commits every {@value IndexInputs#COMMIT_EVERY}
 * embedded chunks. A heap that runs out on any thread meanwhile (other threads' uncaught errors
 * come here too) is handled the same way ({@link #outOfMemory}). {@link #close} restores both.
 */
final class Interruption implements AutoCloseable {
  /** What an interrupted path leaves in the index. */
  static final String KEPT = "the chunks it committed (every " + IndexInputs.COMMIT_EVERY
      + " embedded) are kept and are not embedded again; the rest was not committed";
  private final PrintWriter err;
  private final Path path;
  private final SignalScope signals;
  private final Thread.UncaughtExceptionHandler previous;

  /** Handles the signals, and other threads' running out of memory, until closed. */
  Interruption(PrintWriter err, Path path) {
    this.err = err;
    this.path = path;
    this.signals = new SignalScope(this::handle);
    this.previous = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler(this::uncaught);
  }

  /** Runs {@code work}, the indexing of {@code path}, under this handling, this thread's too. */
  static <T> T indexing(PrintWriter err, Path path, IOSupplier<T> work) throws IOException {
    try (Interruption interruption = new Interruption(err, path)) {
      return work.get();
    } catch (IOException | RuntimeException | OutOfMemoryError e) {
      haltIfOutOfMemory(err, path, e);
      throw e;
    }
  }

  private void uncaught(Thread thread, Throwable e) {
    haltIfOutOfMemory(err, path, e);
    if (previous != null) {
      previous.uncaughtException(thread, e);
    } else { // as the JVM prints it
      System.err.print("Exception in thread \"" + thread.getName() + "\" ");
      e.printStackTrace(System.err);
    }
  }

  private void handle(Signal signal) {
    LastWord.say(err, "relearn: interrupted while indexing " + path.toAbsolutePath().normalize()
        + ": " + KEPT + " (paths finished earlier in this run are kept). Run the same command"
        + " again to finish.");
    SignalScope.halt(signal);
  }

  /**
   * The heap ran out while indexing {@code path}: says so and how to give it more, then halts
   * with exit code 1 (closing a writer left half closed could wait forever).
   */
  static void outOfMemory(PrintWriter err, Path path, OutOfMemoryError e) {
    long heapMb = Runtime.getRuntime().maxMemory() / (1024 * 1024);
    long suggestGb = Math.max(1, (2 * heapMb + 1023) / 1024);
    LastWord.say(err, "relearn: out of memory while indexing " + path.toAbsolutePath()
        .normalize() + " (" + e.getMessage() + "; this JVM's heap is at most " + heapMb + " MB): "
        + KEPT + ". Run the same command again with a larger heap, e.g."
        + " RELEARN_JAVA_OPTS=-Xmx" + suggestGb + "g.");
    Runtime.getRuntime().halt(1);
  }

  /** {@link #outOfMemory} if an {@link OutOfMemoryError} is behind {@code failure} (or is it). */
  private static void haltIfOutOfMemory(PrintWriter err, Path path, Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof OutOfMemoryError oom) {
        outOfMemory(err, path, oom);
      }
    }
  }

  @Override
  public void close() {
    Thread.setDefaultUncaughtExceptionHandler(previous);
    signals.close();
  }
}
