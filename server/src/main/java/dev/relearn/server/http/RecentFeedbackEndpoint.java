package dev.relearn.server.http;

import dev.relearn.server.text.ErrorQuotes;
import com.sun.net.httpserver.HttpExchange;
import dev.relearn.engine.FeedbackSummary;
import dev.relearn.engine.Relearn;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code GET /api/feedback/recent?limit=N}: the newest feedback events, newest first, by query
 * class and time only (never query text, session or chunk ids).
 */
final class RecentFeedbackEndpoint implements Endpoint {
  /** Events returned without a limit. */
  static final int DEFAULT_LIMIT = 20;
  /** The most events one request may ask for (the engine keeps the last 500). */
  static final int MAX_LIMIT = 500;

  private final Relearn relearn;

  RecentFeedbackEndpoint(Relearn relearn) {
    this.relearn = relearn;
  }

  @Override
  public Object handle(HttpExchange exchange, Map<String, Object> request) throws IOException {
    int limit = limit(exchange.getRequestURI().getRawQuery());
    List<Map<String, Object>> events = new ArrayList<>();
    for (FeedbackSummary summary : relearn.recentFeedback(limit)) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("millis", summary.millis());
      json.put("time", Instant.ofEpochMilli(summary.millis()).toString());
      json.put("query_class", summary.queryClass().label());
      json.put("signal", summary.signal().label());
      json.put("outcome", summary.outcome().label());
      json.put("rating", summary.rating() == null ? null : rating(summary));
      json.put("used", summary.used());
      events.add(json);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("events", events);
    return body;
  }

  private static String rating(FeedbackSummary summary) {
    var rating = summary.rating();
    return rating.stars() ? rating.value() + " stars" : rating.label();
  }

  @Override
  public Set<String> parameters() {
    return Set.of("limit");
  }

  /** The {@code limit} parameter: {@link #DEFAULT_LIMIT} when absent. */
  static int limit(String rawQuery) {
    String value = QueryParameters.parse(rawQuery, Set.of("limit")).get("limit");
    if (value == null) {
      return DEFAULT_LIMIT;
    }
    int limit;
    try {
      limit = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw ApiException.badRequest("limit must be an integer in [1, " + MAX_LIMIT
          + "], got: '" + ErrorQuotes.quote(value) + "'");
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      throw ApiException.badRequest("limit must be in [1, " + MAX_LIMIT + "], got: " + limit);
    }
    return limit;
  }

}
