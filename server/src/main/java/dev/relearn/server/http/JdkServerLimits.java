package dev.relearn.server.http;

import java.util.Map;

/**
 * The JDK HTTP server's own limits: connections open at once, request header size, and idle time
 * (also before a connection's first byte). They are system properties the JDK reads once per
 * process, at its first {@code HttpServer}: {@link #apply()} sets each one the user has not set
 * (e.g. {@code -Djdk.httpserver.maxConnections=2000}).
 */
final class JdkServerLimits {
  /** The most connections open at once; one past it is closed as soon as it is accepted. */
  static final int MAX_CONNECTIONS = 512;
  /** The most bytes of a request line and headers (the JDK counts 32 more per header line). */
  static final int MAX_HEADER_BYTES = 32 * 1024;

  private static final Map<String, String> DEFAULTS = Map.of(
      "jdk.httpserver.maxConnections", String.valueOf(MAX_CONNECTIONS),
      "sun.net.httpserver.maxReqHeaderSize", String.valueOf(MAX_HEADER_BYTES),
      "sun.net.httpserver.maxReqHeaders", "200",
      "sun.net.httpserver.idleInterval", "10", // seconds
      "sun.net.httpserver.clockTick", "1000"); // how often idle ones are looked for (10 s)

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
