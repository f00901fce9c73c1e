package dev.relearn.server.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JDK HTTP server's own limits, which bound what clients can make the server hold: how many
 * connections are open at once (one past the cap is closed as soon as it is accepted), how large a
 * request's headers may be, and how long a connection may sit idle (also one that never sends a
 * byte). They are system properties that the JDK reads once per process, when its first {@code
 * HttpServer} is created: {@link #apply()} sets each one the user has not set (for example with
 * {@code -Djdk.httpserver.maxConnections=2000}), so they hold for any other JDK server in the same
 * process too, and are without effect if one was created earlier.
 */
final class JdkServerLimits {
  /** The most connections open at once. */
  static final int MAX_CONNECTIONS = 512;
  /** The most bytes of a request line and headers (the JDK counts 32 more per header line). */
  static final int MAX_HEADER_BYTES = 32 * 1024;
  /** The most header lines. */
  static final int MAX_HEADERS = 200;
  /** Seconds a connection may wait idle between requests, or before its first byte. */
  static final int IDLE_SECONDS = 10;

  private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  static {
    DEFAULTS.put("jdk.httpserver.maxConnections", String.valueOf(MAX_CONNECTIONS));
    DEFAULTS.put("sun.net.httpserver.maxReqHeaderSize", String.valueOf(MAX_HEADER_BYTES));
    DEFAULTS.put("sun.net.httpserver.maxReqHeaders", String.valueOf(MAX_HEADERS));
    DEFAULTS.put("sun.net.httpserver.idleInterval", String.valueOf(IDLE_SECONDS));
    // how often idle connections are looked for (10 s by default, which doubles the wait)
    DEFAULTS.put("sun.net.httpserver.clockTick", "1000");
  }

  private JdkServerLimits() {}

  /** Sets every limit the user has not set; call before the first {@code HttpServer.create}. */
  static synchronized void apply() {
    DEFAULTS.forEach((name, value) -> {
      if (System.getProperty(name) == null) {
        System.setProperty(name, value);
      }
    });
  }
}
