package dev.relearn.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;

/**
 * A signal (SIGINT, SIGTERM, SIGHUP) stops {@code relearn mcp} or {@code serve} in order: the
 * command's stop runs (requests in flight finish, the index and model close), then the process
 * halts with 128 + the signal, skipping the JVM's shutdown hooks ({@link SignalScope}). A stop
 * longer than {@link #GRACE} is not waited for.
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
   * Runs {@code serving}, then {@code stop} once, whichever comes first: its end, a signal (then
   * the process halts) or a shutdown hook named {@code name}.
   *
   * @return 0, or 128 + the signal (the main thread races the handler's own halt)
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
   * {@code stop}, run at the first call; a call while it runs waits for its end, so that no
   * caller exits the JVM (unloading ONNX Runtime) under an embedding the stop waits for.
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
