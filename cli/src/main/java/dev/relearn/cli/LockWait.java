package dev.relearn.cli;

import dev.relearn.engine.IndexHolder;
import dev.relearn.engine.IndexInUseException;
import dev.relearn.engine.Relearn;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.util.IOSupplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --wait SECONDS} of the commands that write the index for a short job: while another
 * relearn command holds its write lock (or a holder not yet named), it says so on stderr and tries
 * again every {@value #POLL_MILLIS} ms for up to {@code SECONDS}, then fails as it would have at
 * once. A {@code serve}, an {@code mcp} or an embedding application is not waited for. A writing
 * command without this option waits {@value #DEFAULT_SECONDS} s.
 */
final class LockWait {
  /** How long a command waits by default. */
  static final int DEFAULT_SECONDS = 10;

  /** How often the lock is tried again: an attempt costs a few milliseconds (no model loads). */
  static final long POLL_MILLIS = 50;

  /** The labels of the commands that hold the index until they are stopped. */
  private static final List<String> LONG_LIVED = List.of("relearn serve", "relearn mcp");

  @Spec(Spec.Target.MIXEE) CommandSpec mixee;

  private int seconds = DEFAULT_SECONDS;

  @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "" + DEFAULT_SECONDS,
      description = "Wait up to SECONDS for another relearn command holding the index (default:"
          + " ${DEFAULT-VALUE}; 0: fail at once). A serve or mcp holding it is named at once.")
  void seconds(int value) {
    if (value < 0) {
      throw new ParameterException(mixee.commandLine(),
          "--wait must be at least 0 seconds, got: " + value);
    }
    seconds = value;
  }

  /**
   * {@code opener}'s engine (one open, which throws {@link IndexInUseException} while the lock is
   * held), tried again while a short-lived holder keeps the lock and the wait lasts, saying once
   * on {@code err} that it waits.
   *
   * @throws IndexInUseException the last refusal
   * @throws InterruptedIOException when interrupted while it waits
   */
  Relearn open(IOSupplier<Relearn> opener, PrintWriter err) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    boolean told = false;
    while (true) {
      try {
        return opener.get();
      } catch (IndexInUseException e) {
        if (!shortLived(e.holder()) || System.nanoTime() - deadline >= 0) {
          throw e;
        }
        if (!told) {
          told = true;
          err.println("relearn: index in use by " + shown(e.holder()) + "; waiting up to "
              + seconds + " s…");
          err.flush();
        }
        pause(e);
      }
    }
  }

  /** Whether {@code holder} is a relearn command that soon releases the lock, or unnamed. */
  static boolean shortLived(IndexHolder holder) {
    return holder == null
        || holder.label().startsWith("relearn ") && !LONG_LIVED.contains(holder.label());
  }

  /** {@code relearn feedback (pid 42)}, or {@code another process} when it is not known. */
  private static String shown(IndexHolder holder) {
    return holder == null ? "another process" : holder.label() + " (pid " + holder.pid() + ")";
  }

  private static void pause(IndexInUseException refusal) throws InterruptedIOException {
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException stopped =
          new InterruptedIOException("interrupted while waiting for the index");
      stopped.initCause(refusal);
      throw stopped;
    }
  }
}
