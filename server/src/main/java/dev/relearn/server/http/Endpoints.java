package dev.relearn.server.http;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.FeedbackSummary;
import dev.relearn.engine.HitViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.TrustViews;
import dev.relearn.engine.WeightsViews;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.server.text.Arguments;
import dev.relearn.server.text.ErrorQuotes;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The API's endpoints over the engine (docs/HTTP.md), each answering with a value the router
 * writes as JSON: everything per query class or in totals, never a query's text. The writing ones
 * answer 409 when the index is open read-only.
 */
final class Endpoints {
  /** The most hits one search may ask for. */
  static final int MAX_K = 1_000;
  /** Events {@code /api/feedback/recent} returns without a limit. */
  static final int DEFAULT_LIMIT = 20;
  /** The most events one request may ask for (the engine keeps the last 500). */
  static final int MAX_LIMIT = 500;
  private static final Set<String> SEARCH_FIELDS =
      Set.of("query", "k", "mode", "path_prefix", "kind");
  private static final Set<String> FEEDBACK_FIELDS = Set.of("query", "used", "outcome",
      "rating", "quality", "session", "event_id", "eventId");
  private static final Set<String> RESET_FIELDS = Set.of("query_class", "queryClass");

  private final Relearn relearn;
  private final ShownLists shown = new ShownLists();
  private final long startMillis = System.currentTimeMillis();

  Endpoints(Relearn relearn) {
    this.relearn = relearn;
  }

  /**
   * {@code POST /api/search {query, k?, mode?, path_prefix?, kind?}}: the hits, the query's class
   * and the mode used. Without a mode it searches {@code learned} once the index has feedback,
   * else {@code hybrid}, as {@code relearn search} does.
   */
  Object search(Map<String, Object> body) throws IOException {
    Arguments fields = Arguments.of(body, SEARCH_FIELDS);
    String query = fields.required("query", SearchRequest.MAX_QUERY_CHARS);
    int k = fields.integer("k", SearchRequest.DEFAULT_K, 1, MAX_K);
    SearchMode mode = SearchMode.fromLabelOrAuto(fields.label("mode"));
    SearchRequest request = SearchRequest.of(query).withK(k)
        .withMode(mode != null ? mode : relearn.defaultMode())
        .withFilterLabel(fields.blankable("path_prefix", SearchRequest.MAX_PATH_PREFIX_CHARS),
            fields.label("kind"));
    long start = System.nanoTime();
    SearchResults results = relearn.search(request);
    double millis = (System.nanoTime() - start) / 1e6;
    shown.remember(query, results);
    return new Searched(Relearn.queryClass(query).label(), request.mode().label(), millis,
        HitViews.maps(results.hits()));
  }

  private record Searched(String queryClass, String mode, double tookMs,
      List<Map<String, Object>> hits) {}

  /** {@code POST /api/feedback}: records feedback and answers with the stats it changed. */
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
        .withShown(null, true, false); // without a search here: the query's current top 10
    SearchResults shownHere = shown.of(query); // what this server's last search of it showed
    if (shownHere != null) {
      request = request.withShownResults(shownHere, true, false);
    }
    Map<String, Object> answer = FeedbackStatsViews.ack(relearn.feedback(request));
    Map<String, Object> store = FeedbackStatsViews.map(relearn.recentFeedbackStats());
    answer.putAll(WeightsViews.ofQuery(relearn, query));
    answer.put("total_feedback", store.get("events"));
    answer.put("positive_rate", store.get("positive_rate"));
    return answer;
  }

  /** {@code POST /api/feedback/reset}: forgets what ratings taught the weights. */
  Object reset(Map<String, Object> body) throws IOException {
    requireWritable("weights cannot be reset");
    Arguments args = Arguments.of(body, RESET_FIELDS);
    String label = args.label("query_class", "queryClass");
    if (label == null && (args.has("query_class") || args.has("queryClass"))) {
      throw new IllegalArgumentException("'query_class' is blank: name a class (identifier,"
          + " question, keywords, natural_language), or leave it out to reset every class");
    }
    var queryClass = WeightsViews.queryClass(label);
    relearn.resetWeights(queryClass);
    return new Reset(queryClass == null ? "all" : queryClass.label(),
        WeightsViews.current(relearn));
  }

  private record Reset(String reset, Object weights) {}

  /**
   * {@code GET /api/feedback/weights}: per class, counts, current weights, moving average and
   * the weights' history; and the trust in the vote of similar past queries with its history.
   */
  Object weights() throws IOException {
    Map<String, Object> answer = WeightsViews.all(relearn);
    answer.put("trust", TrustViews.map(relearn.trust()));
    return answer;
  }

  /** {@code GET /api/feedback/stats}: per class and in total, the ratings; the store's counts. */
  Object stats() throws IOException {
    Map<String, Object> answer = WeightsViews.ratings(relearn);
    answer.put("store", FeedbackStatsViews.map(relearn.feedbackStats()));
    answer.put("read_only", relearn.readOnly());
    return answer;
  }

  /**
   * {@code GET /api/health}: figures the engine keeps at hand, so that polling costs no walk of
   * the index; {@code degraded} when a read-write engine's writer stopped after a failure.
   */
  Object health() throws IOException {
    int chunks = relearn.chunkCount();
    var metadata = relearn.metadata(); // the model bound at the index's creation
    boolean writable = relearn.writable();
    return new Health(writable || relearn.readOnly() ? "ok" : "degraded", relearn.readOnly(),
        writable, relearn.directory().toString(), metadata.modelId(), metadata.dimension(),
        chunks, System.currentTimeMillis() - startMillis);
  }

  private record Health(String status, boolean readOnly, boolean writable, String index,
      String model, int dimension, int chunks, long uptimeMs) {}

  /**
   * {@code GET /api/feedback/recent?limit=N} (null: {@link #DEFAULT_LIMIT}): the newest events
   * first, by query class and time only (never query text, session or chunk ids).
   */
  Object recent(String limit) throws IOException {
    return Map.of("events", relearn.recentFeedback(limit(limit)).stream().map(Recent::of)
        .toList());
  }

  private record Recent(long millis, String time, String queryClass, String signal,
      String outcome, String rating, int used) {
    static Recent of(FeedbackSummary s) {
      var rating = s.rating();
      return new Recent(s.millis(), Instant.ofEpochMilli(s.millis()).toString(),
          s.queryClass().label(), s.signal().label(), s.outcome().label(), rating == null ? null
              : !rating.stars() ? rating.label()
              : rating.value() + (rating.value() == 1 ? " star" : " stars"), s.used());
    }
  }

  private static int limit(String value) {
    if (value == null) {
      return DEFAULT_LIMIT;
    }
    int limit;
    try {
      limit = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new ApiException(400, "limit must be an integer in [1, " + MAX_LIMIT
          + "], got: '" + ErrorQuotes.quote(value) + "'");
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new ApiException(400, "limit must be in [1, " + MAX_LIMIT + "], got: " + limit);
    }
    return limit;
  }

  private void requireWritable(String what) {
    if (relearn.readOnly()) {
      throw new ApiException(409, "the index is open read-only (another process holds its"
          + " write lock): " + what + "; stop the other process and restart relearn serve");
    }
  }
}
