package dev.relearn.server.http;

import java.io.IOException;
import java.util.Map;

/** One API endpoint: engine work only; the router reads the request and writes the answer. */
@FunctionalInterface
interface Endpoint {
  /** The answer (JSON, 200) to a POST's {@code body} (else null) and query {@code parameters}. */
  Object handle(Map<String, Object> body, Map<String, String> parameters) throws IOException;
}
