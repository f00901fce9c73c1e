package dev.relearn.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stops a long-running server ({@code relearn mcp}, {@code
 * relearn serve}) in order: the command's stop runs (it stops taking requests, waits for those in
 * flight, then closes the index and the model), and the process halts with the usual exit code
 * (128 + the signal). Halting skips the JVM's shutdown hooks on purpose: ONNX Runtime's hook
 * would free its environment under a search's embedding still in flight and crash the JVM (see
 * {@link SignalScope}). A stop that takes longer than {@link #GRACE} is not waited for: the
 * process halts with a notice, and the operating system releases the index's lock.
 */
final class StopSignals {
  /** How long a stop may take before the process halts anyway. */
  static final Duration GRACE = Duration.ofSeconds(10);

  /** What a server does until it is stopped. */
  @FunctionalInterface
  interface Serving {
    void run() throws IOException, InterruptedException;
  }

  private StopSignals() {}

  /**
   * Runs {@code serving} with {@code stop} run once, by whichever comes first: the end of {@code
   * serving} (which then waits for a stop already under way), a signal (then the process halts),
   * or a shutdown hook named {@code name} for other exits. The signals keep their usual handling
   * again afterwards.
   *
   * @return 0, or 128 + the signal that stopped the server (the main thread, which finishes once
   *     the stop has run, races the signal handler's own halt)
   */
  static int serve(PrintWriter err, String name, Runnable stop, Serving serving)
      throws IOException, InterruptedException {
    Runnable once = once(stop);
    AtomicReference<Signal> received = new AtomicReference<>();
    Thread hook = new Thread(once, name);
    Runtime.getRuntime().addShutdownHook(hook);
    // the signals stay handled until the stop has run: the end of the input and a SIGTERM often
    // come together, and the JVM's own exit must not run under the stop
    try (SignalScope signals = new SignalScope(signal -> {
      received.set(signal);
      stopAndHalt(err, once, signal);
    })) {
      try {
        serving.run();
      } finally {
        once.run(); // or waits for the signal's stop, already under way
      }
      return received.get() == null ? 0 : 128 + received.get().getNumber();
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

  private static void stopAndHalt(PrintWriter err, Runnable stop, Signal signal) {
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
}
