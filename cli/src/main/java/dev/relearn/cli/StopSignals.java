package dev.relearn.cli;

import java.io.PrintWriter;
import java.time.Duration;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stops a long-running server ({@code relearn mcp}, {@code
 * relearn serve}) in order: the command's stop runs (it stops taking requests, waits for those in
 * flight, then closes the index and the model), and the process halts with the usual exit code
 * (128 + the signal). Halting skips the JVM's shutdown hooks on purpose: ONNX Runtime's hook
 * would free its environment under a search's embedding still in flight and crash the JVM (see
 * {@link SignalScope}). A stop that takes longer than {@link #GRACE} is not waited for: the
 * process halts with a notice, and the operating system releases the index's lock. {@link #close}
 * restores the usual handling.
 */
final class StopSignals implements AutoCloseable {
  /** How long a stop may take before the process halts anyway. */
  static final Duration GRACE = Duration.ofSeconds(10);

  private final PrintWriter err;
  private final Runnable stop;
  private final SignalScope signals;
  private volatile Signal received;

  /**
   * Handles SIGINT, SIGTERM and SIGHUP with {@code stop} until closed.
   *
   * @param stop idempotent: a second signal, or a shutdown hook, may run it again
   */
  StopSignals(PrintWriter err, Runnable stop) {
    this.err = err;
    this.stop = stop;
    this.signals = new SignalScope(this::handle);
  }

  /**
   * 128 + the signal that stopped the command, or {@code otherwise} when none did: for a command
   * whose main thread finishes once the stop has run, racing this handler's own halt.
   */
  int exitCode(int otherwise) {
    Signal signal = received;
    return signal == null ? otherwise : 128 + signal.getNumber();
  }

  private void handle(Signal signal) {
    received = signal;
    Thread stopping = Thread.ofPlatform().name("relearn-stop").start(stop);
    try {
      if (!stopping.join(GRACE)) {
        LastWord.claim();
        err.println("relearn: still stopping after " + GRACE.toSeconds() + " s; exiting without"
            + " waiting further");
        err.flush();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // exiting now regardless
    }
    SignalScope.halt(signal);
  }

  @Override
  public void close() {
    signals.close();
  }
}
