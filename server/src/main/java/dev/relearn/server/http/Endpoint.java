package dev.relearn.server.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Set;

/** One API endpoint: answers a request with a value the router writes as JSON, status 200. */
@FunctionalInterface
interface Endpoint {
  /**
   * Handles {@code exchange} without writing to it.
   *
   * @throws ApiException for a request it refuses
   */
  Object handle(HttpExchange exchange) throws IOException;

  /** The query-string parameters it takes; any other is refused before {@link #handle}. */
  default Set<String> parameters() {
    return Set.of();
  }
}
