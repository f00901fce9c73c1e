package dev.relearn.server.http;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.WeightsViews;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.server.text.Arguments;
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
  private static final Set<String> FEEDBACK_FIELDS = Set.of("query", "used", "outcome",
      "rating", "quality", "session", "event_id", "eventId");
  private static final Set<String> RESET_FIELDS = Set.of("query_class", "queryClass");

  private final Relearn relearn;

  FeedbackEndpoints(Relearn relearn) {
    this.relearn = relearn;
  }

  /** {@code POST /api/feedback} with its {@code body}. */
  Object record(Map<String, Object> body) throws IOException {
    requireWritable("feedback cannot be recorded");
    Arguments fields = Arguments.of(body, FEEDBACK_FIELDS);
    String query = fields.required("query", SearchRequest.MAX_QUERY_CHARS);
    FeedbackRequest request = FeedbackRequest.of(query, fields.ids("used",
            FeedbackRequest.MAX_USED, FeedbackRequest.MAX_ID_CHARS))
        .withOutcome(fields.label("outcome"))
        .withRatingText(fields.rating("rating"), fields.number("quality",
            FeedbackRequest.MIN_QUALITY, FeedbackRequest.MAX_QUALITY))
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
  Object reset(Map<String, Object> body) throws IOException {
    requireWritable("weights cannot be reset");
    String label = Arguments.of(body, RESET_FIELDS).label("query_class", "queryClass");
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
}
