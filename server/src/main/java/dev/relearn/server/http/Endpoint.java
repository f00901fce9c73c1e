package dev.relearn.server.http;

import java.io.IOException;
import java.util.Map;

/**
 * One API endpoint: answers a request with a value the router writes as JSON, status 200. The
 * router reads a POST's body and the query string's parameters before, and writes the answer
 * after: an endpoint does engine work only, never waits for the client.
 */
@FunctionalInterface
interface Endpoint {
  /**
   * Answers a request.
   *
   * @param body a POST's body (a JSON object), read by the router; null for other methods
   * @param parameters the query string's parameters, each one the route takes, by name
   * @throws ApiException for a request it refuses
   */
  Object handle(Map<String, Object> body, Map<String, String> parameters) throws IOException;
}
