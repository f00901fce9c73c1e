package dev.relearn.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.WeightsViews;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The writing endpoints: {@code POST /api/feedback} records feedback and answers with the
 * learning stats it changed; {@code POST /api/feedback/reset} forgets what ratings taught the
 * weights. Both answer 409 when the index is open read-only.
 */
final class FeedbackEndpoints {
  /** The most chunk ids one event may name. */
  static final int MAX_USED = FeedbackRequest.MAX_USED;
  private static final Set<String> FEEDBACK_FIELDS = Set.of("query", "used", "outcome",
      "rating", "quality", "session", "event_id", "eventId");
  private static final Set<String> RESET_FIELDS = Set.of("query_class", "queryClass");

  private final Relearn relearn;

  FeedbackEndpoints(Relearn relearn) {
    this.relearn = relearn;
  }

  /** {@code POST /api/feedback} with its {@code body}. */
  Object record(ObjectNode body) throws IOException {
    requireWritable("feedback cannot be recorded");
    Fields fields = Fields.of(body, FEEDBACK_FIELDS);
    String query = fields.query("query");
    FeedbackRequest request = FeedbackRequest.of(query, fields.ids("used", MAX_USED))
        .withOutcome(fields.text(20, "outcome"))
        .withRatingText(rating(body.get("rating")), fields.number("quality", 0, 1))
        .withIds(fields.text(FeedbackRequest.MAX_SESSION_CHARS, "session"),
            fields.text(FeedbackRequest.MAX_EVENT_ID_CHARS, "event_id", "eventId"))
        .withShown(null, true, false); // shown: the engine takes the query's current top 10
    Map<String, Object> answer = FeedbackStatsViews.ack(relearn.feedback(request));
    Map<String, Object> store = FeedbackStatsViews.map(relearn.feedbackStats());
    answer.putAll(WeightsViews.ofQuery(relearn, query));
    answer.put("total_feedback", store.get("events"));
    answer.put("positive_rate", store.get("positive_rate"));
    return answer;
  }

  /** {@code POST /api/feedback/reset} with its {@code body}. */
  Object reset(ObjectNode body) throws IOException {
    requireWritable("weights cannot be reset");
    String label = Fields.of(body, RESET_FIELDS).text(40, "query_class", "queryClass");
    var queryClass = WeightsViews.queryClass(label);
    relearn.resetWeights(queryClass);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("reset", queryClass == null ? "all" : queryClass.label());
    answer.put("weights", WeightsViews.current(relearn));
    return answer;
  }

  private void requireWritable(String what) {
    if (relearn.readOnly()) {
      throw ApiException.conflict("the index is open read-only (another process holds its"
          + " write lock): " + what + "; stop the other process and restart relearn serve");
    }
  }

  /** A rating as a string: +1, -1, up, down, or 1 to 5 stars (numbers would be ambiguous). */
  private static String rating(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw ApiException.badRequest("'rating' must be a string: \"+1\", \"-1\", \"up\", \"down\""
          + " or \"1\" to \"5\" (stars), got: " + Fields.echo(node));
    }
    String text = node.asText();
    if (text.length() > 10) {
      throw ApiException.badRequest("bad rating: '" + text.substring(0, 10) + "...'; expected"
          + " +1, -1, up, down or 1 to 5 stars");
    }
    return text;
  }
}
