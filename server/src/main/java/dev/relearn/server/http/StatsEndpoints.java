package dev.relearn.server.http;

import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.TrustViews;
import dev.relearn.engine.WeightsViews;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The reading endpoints: {@code GET /api/feedback/weights}, {@code GET /api/feedback/stats} and
 * {@code GET /api/health}. Everything is per query class or in totals: never a query's text.
 */
final class StatsEndpoints {
  private final Relearn relearn;
  private final long startMillis = System.currentTimeMillis();

  StatsEndpoints(Relearn relearn) {
    this.relearn = relearn;
  }

  /**
   * Per class: counts, current weights, moving average and the weights' history; and the trust
   * in the vote of similar past queries with its history.
   */
  Object weights() throws IOException {
    Map<String, Object> body = WeightsViews.all(relearn);
    body.put("trust", TrustViews.map(relearn.trust()));
    return body;
  }

  /** Per class: ratings, positives, negatives, accuracy; their totals; the store's counts. */
  Object stats() throws IOException {
    Map<String, Object> body = WeightsViews.ratings(relearn);
    body.put("store", FeedbackStatsViews.map(relearn.feedbackStats()));
    body.put("read_only", relearn.readOnly());
    return body;
  }

  /**
   * Whether the server is up, whether its index takes writes, and what index it serves: figures
   * the engine keeps at hand (the chunk count is the reader's own), so that a monitor polling it
   * costs no walk of the index's files or the feedback store; {@code stats} has those. {@code
   * status} is {@code degraded} when a read-write engine's writer stopped after a failure
   * (searches still work), else {@code ok}.
   */
  Object health() throws IOException {
    int chunks = relearn.chunkCount();
    var metadata = relearn.metadata();
    boolean writable = relearn.writable();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", writable || relearn.readOnly() ? "ok" : "degraded");
    body.put("read_only", relearn.readOnly());
    body.put("writable", writable);
    body.put("index", relearn.directory().toString());
    body.put("model", metadata.modelId()); // bound from the index's creation, as stats says
    body.put("dimension", metadata.dimension());
    body.put("chunks", chunks);
    body.put("uptime_ms", System.currentTimeMillis() - startMillis);
    return body;
  }
}
