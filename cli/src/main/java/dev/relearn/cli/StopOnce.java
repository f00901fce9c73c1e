package dev.relearn.cli;

import java.util.Objects;

/**
 * A server's stop, run once however many threads ask for it: the end of its input (the main
 * thread), SIGINT, SIGTERM or SIGHUP ({@link StopSignals}) and a shutdown hook may each call it. A
 * call while the stop runs on another thread waits for it to end instead of returning at once: a
 * caller that went on to exit the JVM would otherwise unload ONNX Runtime while the stop still
 * waits for an embedding or a model load in flight, and crash the JVM.
 */
final class StopOnce implements Runnable {
  private final Runnable stop;
  private boolean ran; // guarded by this

  /** Runs {@code stop} at the first {@link #run()}. */
  StopOnce(Runnable stop) {
    this.stop = Objects.requireNonNull(stop, "stop");
  }

  /** Runs the stop, or waits for the run another thread started; then returns. */
  @Override
  public synchronized void run() {
    if (!ran) {
      ran = true;
      stop.run();
    }
  }
}
