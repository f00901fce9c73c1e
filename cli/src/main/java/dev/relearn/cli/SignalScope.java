package dev.relearn.cli;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT, SIGTERM and SIGHUP go to one handler until {@link #close} restores their handling; one
 * the process ignores ({@code nohup}) or the JVM keeps ({@code -Xrs}) stays as it is. relearn
 * halts on these signals itself: the JVM's shutdown would run ONNX Runtime's hook, which frees
 * the runtime under an embedding in flight and crashes the JVM. Uses {@code sun.misc.Signal}.
 */
final class SignalScope implements AutoCloseable {
  private final Map<Signal, SignalHandler> previous = new HashMap<>();

  /** Sends SIGINT, SIGTERM and SIGHUP to {@code handler}. */
  SignalScope(SignalHandler handler) {
    for (String name : List.of("INT", "TERM", "HUP")) {
      Signal signal = new Signal(name);
      try {
        SignalHandler before = Signal.handle(signal, handler);
        if (before == SignalHandler.SIG_IGN) {
          Signal.handle(signal, before); // ignored when the process started: leave it so
        } else {
          previous.put(signal, before);
        }
      } catch (IllegalArgumentException keptByTheJvm) {
        // -Xrs or a platform without it: the signal keeps the JVM's handling
      }
    }
  }

  /** Exits at once with the usual code for {@code signal}, 128 + its number, skipping hooks. */
  static void halt(Signal signal) {
    Runtime.getRuntime().halt(128 + signal.getNumber());
  }

  @Override
  public void close() {
    previous.forEach(Signal::handle);
  }
}
