package dev.relearn.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
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

  /** What a server does until it is stopped. */
  @FunctionalInterface
  interface Serving {
    void run() throws IOException, InterruptedException;
  }

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
   * Runs {@code serving} with {@code stop} run once, by whichever comes first: the end of {@code
   * serving} (which then waits for a stop already under way), a signal (then the process halts),
   * or a shutdown hook named {@code name} for other exits.
   *
   * @return 0, or 128 + the signal that stopped the server
   */
  static int serve(PrintWriter err, String name, Runnable stop, Serving serving)
      throws IOException, InterruptedException {
    Runnable once = once(stop);
    Thread hook = new Thread(once, name);
    Runtime.getRuntime().addShutdownHook(hook);
    // the signals stay handled until the stop has run: the end of the input and a SIGTERM often
    // come together, and the JVM's own exit must not run under the stop
    try (StopSignals signals = new StopSignals(err, once)) {
      try {
        serving.run();
      } finally {
        once.run(); // or waits for the signal's stop, already under way
      }
      return signals.exitCode(0);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is already exiting: the hook runs (and finds the server stopped)
      }
    }
  }

  /**
   * {@code stop}, run at the first call however many threads ask for it (the end of the input,
   * a signal, a shutdown hook). A call while it runs on another thread waits for it to end
   * instead of returning at once: a caller that went on to exit the JVM would otherwise unload
   * ONNX Runtime while the stop still waits for an embedding or a model load in flight.
   */
  static Runnable once(Runnable stop) {
    AtomicBoolean ran = new AtomicBoolean();
    return () -> {
      synchronized (ran) {
        if (!ran.getAndSet(true)) {
          stop.run();
        }
      }
    };
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
