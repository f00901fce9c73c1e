package dev.relearn.server.http;

import com.sun.net.httpserver.HttpExchange;
import dev.relearn.engine.FeedbackSummary;
import dev.relearn.engine.Relearn;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
  public Object handle(HttpExchange exchange) {
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
    if (summary.rating().stars()) {
      return summary.rating().value() + " stars";
    }
    return summary.rating().value() > 0 ? "up" : "down";
  }

  /** The {@code limit} parameter, the only one accepted. */
  static int limit(String rawQuery) {
    int limit = DEFAULT_LIMIT;
    if (rawQuery == null || rawQuery.isEmpty()) {
      return limit;
    }
    for (String parameter : rawQuery.split("&")) {
      int eq = parameter.indexOf('=');
      String name = eq < 0 ? parameter : parameter.substring(0, eq);
      String value = eq < 0 ? "" : parameter.substring(eq + 1);
      if (!name.equals("limit")) {
        throw ApiException.badRequest("unknown parameter '" + shorten(name)
            + "'; accepted: limit");
      }
      try {
        limit = Integer.parseInt(value);
      } catch (NumberFormatException e) {
        throw ApiException.badRequest("limit must be an integer in [1, " + MAX_LIMIT
            + "], got: '" + shorten(value) + "'");
      }
      if (limit < 1 || limit > MAX_LIMIT) {
        throw ApiException.badRequest(
            "limit must be in [1, " + MAX_LIMIT + "], got: " + limit);
      }
    }
    return limit;
  }

  private static String shorten(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
