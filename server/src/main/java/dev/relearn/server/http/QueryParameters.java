package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A request's query-string parameters, decoded; an unknown or repeated name is a 400. */
final class QueryParameters {
  private QueryParameters() {}

  /** The parameters of {@code rawQuery} (null for none) by name, each one of {@code accepted}. */
  static Map<String, String> parse(String rawQuery, Set<String> accepted) {
    Map<String, String> parameters = new LinkedHashMap<>();
    if (rawQuery == null || rawQuery.isEmpty()) {
      return parameters;
    }
    for (String parameter : rawQuery.split("&")) {
      int eq = parameter.indexOf('=');
      String name = decode(eq < 0 ? parameter : parameter.substring(0, eq));
      String value = decode(eq < 0 ? "" : parameter.substring(eq + 1));
      if (!accepted.contains(name)) {
        throw new ApiException(400, "unknown parameter '" + ErrorQuotes.quote(name) + "'; "
            + (accepted.isEmpty() ? "this endpoint takes none"
                : "accepted: " + String.join(", ", new TreeSet<>(accepted))));
      }
      if (parameters.put(name, value) != null) {
        throw new ApiException(400, "parameter '" + name + "' is given twice");
      }
    }
    return parameters;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new ApiException(400, "bad percent-encoding in the query string: '"
          + ErrorQuotes.quote(text) + "'");
    }
  }
}
