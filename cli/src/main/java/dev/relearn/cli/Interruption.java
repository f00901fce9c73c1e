package dev.relearn.cli;

import dev.relearn.engine.IndexInputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP while {@code relearn index} runs: says which path was
 * interrupted and what that means, then halts at once with the usual exit code (128 + the signal).
 * Halting skips the JVM's shutdown hooks on purpose (see {@link SignalScope}): an embedding is
 * running on the main thread. Nothing committed is lost by halting: a path commits every
 * {@value IndexInputs#COMMIT_EVERY} embedded chunks and at its end, so an interrupted path keeps
 * the embeddings it committed (its next run takes their vectors from the index), and the
 * operating system releases the index's lock. Outside a path, the signals keep their usual
 * handling: {@link #close} restores them. A heap that runs out while indexing is handled the same
 * way ({@link #outOfMemory}), on whichever thread it strikes: the uncaught errors of other threads
 * (the feedback store's maintenance, Lucene's merges) come here too while a path is indexed.
 */
final class Interruption implements AutoCloseable {
  /** What an interrupted path leaves in the index. */
  static final String KEPT = "the chunks it committed (every " + IndexInputs.COMMIT_EVERY
      + " embedded) are kept and are not embedded again; the rest was not committed";
  private final PrintWriter err;
  private final Path path;
  private final SignalScope signals;
  private final Thread.UncaughtExceptionHandler previous;

  /** Indexing of one path; {@link Interruption#indexing} runs it. */
  @FunctionalInterface
  interface Indexing<T> {
    T run() throws IOException;
  }

  /**
   * Handles SIGINT, SIGTERM and SIGHUP, and other threads' running out of memory, while {@code
   * path} is indexed (until closed).
   */
  Interruption(PrintWriter err, Path path) {
    this.err = err;
    this.path = path;
    this.signals = new SignalScope(this::handle);
    this.previous = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler(this::uncaught);
  }

  /**
   * Runs {@code work}, the indexing of {@code path}, under this handling; a heap that runs out on
   * this thread ends it as on any other (also when it hit a Lucene thread and closed the writer).
   */
  static <T> T indexing(PrintWriter err, Path path, Indexing<T> work) throws IOException {
    try (Interruption interruption = new Interruption(err, path)) {
      return work.run();
    } catch (IOException | RuntimeException | OutOfMemoryError e) {
      OutOfMemoryError oom = outOfMemoryBehind(e);
      if (oom != null) {
        outOfMemory(err, path, oom);
      }
      throw e;
    }
  }

  private void uncaught(Thread thread, Throwable e) {
    OutOfMemoryError oom = outOfMemoryBehind(e);
    if (oom != null) {
      outOfMemory(err, path, oom);
    } else if (previous != null) {
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
   * The heap ran out while indexing {@code path}: says so, how large the heap is and how to give
   * it more, then halts with exit code 1. Halting, not closing: after an {@link
   * OutOfMemoryError} Lucene's writer can be left half closed, and closing the index then waits
   * forever. As for a signal, nothing committed is lost.
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

  /** The {@link OutOfMemoryError} behind {@code failure} (itself or a cause), or null. */
  static OutOfMemoryError outOfMemoryBehind(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof OutOfMemoryError oom) {
        return oom;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  @Override
  public void close() {
    Thread.setDefaultUncaughtExceptionHandler(previous);
    signals.close();
  }
}
