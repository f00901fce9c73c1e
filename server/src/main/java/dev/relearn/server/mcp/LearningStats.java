package dev.relearn.server.mcp;

import dev.relearn.engine.TrustState;
import dev.relearn.engine.TrustViews;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What relearn has learned, as {@code record_feedback} reports it: the feedback store's counts
 * and positive rate, the adaptive weights of the query classes involved, and the trust in the
 * vote of similar past queries.
 */
final class LearningStats {
  private LearningStats() {}

  /** The schema of {@link #store}. */
  static Map<String, Object> storeSchema() {
    return Schemas.output(Schemas.props(
        "events", Schemas.prop("integer", "Feedback events recorded"),
        "learned_events", Schemas.prop("integer", "Events that carried evidence"),
        "query_clusters", Schemas.prop("integer", "Clusters of similar past queries"),
        "sessions", Schemas.prop("integer", "Distinct sessions"),
        "positive_rate", Schemas.prop(List.of("number", "null"),
            "Successes over successes and failures; null before any outcome"),
        "learned_chunks", Schemas.prop("integer", "Chunks with learned values"),
        "by_signal", Schemas.prop("object", "Events per signal class"),
        "by_outcome", Schemas.prop("object", "Events per outcome")));
  }

  /** The schema of one entry of {@link #weights}. */
  static Map<String, Object> weightsSchema() {
    return Schemas.output(Schemas.props(
        "query_class", Schemas.prop("string", "identifier, question, keywords or"
            + " natural_language"),
        "samples", Schemas.prop("integer", "Ratings this class learned from"),
        "positives", Schemas.prop("integer", "Positive ratings"),
        "negatives", Schemas.prop("integer", "Negative ratings"),
        "bm25", Schemas.prop("number", "Weight of BM25"),
        "vector", Schemas.prop("number", "Weight of the vector search"),
        "learned", Schemas.prop("number", "Weight of learned values"),
        "accuracy", Schemas.prop(List.of("number", "null"),
            "Positive over rated; null before any rating")));
  }

  /** The schema of {@link TrustViews#current}. */
  static Map<String, Object> trustSchema() {
    return Schemas.output(Schemas.props(
        "fitted", Schemas.prop("boolean", "Whether enough clicks were seen to fit it; until"
            + " then the prior applies"),
        "strength", Schemas.prop(List.of("number", "null"), "Trust in the vote of similar past"
            + " queries, in nats per preference; null while not fitted"),
        "gain", Schemas.prop("number", "Held-out log-loss the vote saved (nats)"),
        "queries", Schemas.prop("integer", "Logged queries it was fit on"),
        "events", Schemas.prop("integer", "Events the store held when it was fit")));
  }

  /** Lines for people: counts, positive rate, weights and the trust in the vote. */
  static String text(Map<String, Object> store, List<Map<String, Object>> weights,
      TrustState trust) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "Learned so far: %s events, %s query clusters, %s learned chunks, positive rate %s.",
        store.get("events"), store.get("query_clusters"), store.get("learned_chunks"),
        store.get("positive_rate") == null ? "n/a"
            : String.format(Locale.ROOT, "%.2f", (Double) store.get("positive_rate"))));
    for (Map<String, Object> w : weights) {
      out.append(String.format(Locale.ROOT,
          "\nWeights for %s queries: bm25 %.3f, vector %.3f, learned %.3f (%s ratings).",
          w.get("query_class"), (Double) w.get("bm25"), (Double) w.get("vector"),
          (Double) w.get("learned"), w.get("samples")));
    }
    out.append("\nTrust in the vote of similar past queries: ")
        .append(TrustViews.text(trust.current())).append('.');
    return out.toString();
  }
}
