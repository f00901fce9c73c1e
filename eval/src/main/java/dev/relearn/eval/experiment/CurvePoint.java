package dev.relearn.eval.experiment;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.relearn.eval.metrics.JsonMaps;
import java.util.Map;

/**
 * One point of a learning curve.
 *
 * @param sessions feedback sessions recorded so far
 * @param ndcg10 mean test nDCG@10 of the learned mode at that point
 * @param trust the trust's strength (nats per preference) the learned mode used then, or null
 *     while the prior applied (too few clicks to fit)
 */
public record CurvePoint(int sessions, @JsonProperty("ndcg@10") double ndcg10, Double trust) {
  public CurvePoint {
    if (sessions < 0) {
      throw new IllegalArgumentException("sessions must be >= 0, got: " + sessions);
    }
  }

  /** {@code {"sessions": n, "ndcg@10": x, "trust": w}}, trust null under the prior. */
  public Map<String, Object> toJson() {
    return JsonMaps.of(this);
  }
}
