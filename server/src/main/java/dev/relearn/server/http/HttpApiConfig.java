package dev.relearn.server.http;

import java.util.Objects;

/**
 * How the HTTP server listens and what it accepts. Start from {@link #defaults()}.
 *
 * @param host the address to bind, e.g. {@code 127.0.0.1} (loopback only) or {@code 0.0.0.0}
 * @param port the port, or 0 for a free one
 * @param maxBodyBytes the largest request body accepted; larger ones get 413
 * @param maxDepth the deepest JSON nesting accepted; deeper bodies get 400
 * @param threads requests doing engine work (searches, feedback, stats) at once; others wait for
 *     one of them to finish (waiting for a client does not count)
 * @param networkTimeoutMillis the longest the server waits for a client to send a request's
 *     headers, to send its body, or to read the answer; the connection is closed after that
 */
public record HttpApiConfig(String host, int port, int maxBodyBytes, int maxDepth, int threads,
    int networkTimeoutMillis) {
  /** The default address: loopback only. */
  public static final String DEFAULT_HOST = "127.0.0.1";
  /** The default port. */
  public static final int DEFAULT_PORT = 7700;
  /** The default body limit. */
  public static final int DEFAULT_MAX_BODY = 64 * 1024;
  /** The default requests doing engine work at once. */
  public static final int DEFAULT_THREADS = 8;

  /** Validates, naming the bad value. */
  public HttpApiConfig {
    Objects.requireNonNull(host, "host");
    require(!host.isBlank(), "host must not be empty");
    require(port >= 0 && port <= 65_535, "port must be in [0, 65535], got: " + port);
    require(maxBodyBytes >= 1, "max body bytes must be >= 1, got: " + maxBodyBytes);
    require(maxDepth >= 2, "max JSON depth must be >= 2, got: " + maxDepth);
    require(threads >= 1, "threads must be >= 1, got: " + threads);
    require(networkTimeoutMillis >= 1, "network timeout must be >= 1 ms, got: "
        + networkTimeoutMillis);
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** 127.0.0.1:7700, 64 KiB bodies, depth 32, 8 threads, 10 s waits. */
  public static HttpApiConfig defaults() {
    return new HttpApiConfig(DEFAULT_HOST, DEFAULT_PORT, DEFAULT_MAX_BODY, 32, DEFAULT_THREADS,
        10_000);
  }

  /** With another host and port. */
  public HttpApiConfig withAddress(String host, int port) {
    return new HttpApiConfig(host, port, maxBodyBytes, maxDepth, threads, networkTimeoutMillis);
  }

  /** With another body size limit. */
  public HttpApiConfig withMaxBodyBytes(int bytes) {
    return new HttpApiConfig(host, port, bytes, maxDepth, threads, networkTimeoutMillis);
  }

  /** With another JSON nesting limit. */
  public HttpApiConfig withMaxDepth(int depth) {
    return new HttpApiConfig(host, port, maxBodyBytes, depth, threads, networkTimeoutMillis);
  }

  /** With another number of requests doing engine work at once. */
  public HttpApiConfig withThreads(int count) {
    return new HttpApiConfig(host, port, maxBodyBytes, maxDepth, count, networkTimeoutMillis);
  }

  /** With another network time limit. */
  public HttpApiConfig withNetworkTimeoutMillis(int millis) {
    return new HttpApiConfig(host, port, maxBodyBytes, maxDepth, threads, millis);
  }
}
