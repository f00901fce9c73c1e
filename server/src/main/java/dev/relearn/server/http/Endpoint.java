package dev.relearn.server.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * One API endpoint: answers a request with a value the router writes as JSON, status 200. The
 * router reads a POST's body before, and writes the answer after: an endpoint does engine work
 * only, never waits for the client.
 */
@FunctionalInterface
interface Endpoint {
  /**
   * Handles {@code exchange} without reading from or writing to it.
   *
   * @param body a POST's body (a JSON object), read by the router; null for other methods
   * @throws ApiException for a request it refuses
   */
  Object handle(HttpExchange exchange, Map<String, Object> body) throws IOException;

  /** The query-string parameters it takes; any other is refused before {@link #handle}. */
  default Set<String> parameters() {
    return Set.of();
  }
}
