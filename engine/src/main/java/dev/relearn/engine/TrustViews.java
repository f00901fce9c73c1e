package dev.relearn.engine;

import dev.relearn.lucene.trust.Trust;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one JSON shape and the one sentence of the trust in the vote of similar past queries
 * ({@link Relearn#trust()}), shared by {@code relearn weights}, the HTTP API's {@code
 * /api/feedback/weights} and MCP's {@code record_feedback}. Until the trust is fitted the prior
 * applies, so its strength is shown as {@code prior} (text) or {@code null} (JSON), never as 0.
 * The vote's weight is {@code rerank.trustScale} times the strength (docs/RANKING.md).
 */
public final class TrustViews {
  private TrustViews() {}

  /**
   * The current trust: {@code fitted}, {@code strength} (nats per preference; null while not
   * fitted), {@code gain}
   * (held-out nats), {@code queries} (fit on) and {@code events} (the store held then).
   */
  public static Map<String, Object> current(TrustState state) {
    Trust trust = state.current();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("fitted", trust.fitted());
    json.put("strength", trust.fitted() ? trust.strength() : null);
    json.put("gain", trust.gain());
    json.put("queries", trust.queries());
    json.put("events", state.events());
    return json;
  }

  /**
   * {@link #current} and {@code history}, the trust after each refit (oldest first): {@code
   * millis}, {@code queries}, {@code strength} (null while not fitted), {@code gain}.
   */
  public static Map<String, Object> map(TrustState state) {
    Map<String, Object> json = current(state);
    List<Map<String, Object>> history = new ArrayList<>();
    for (TrustPoint point : state.history()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("millis", point.millis());
      one.put("queries", point.queries());
      one.put("strength", point.fitted() ? point.strength() : null);
      one.put("gain", point.gain());
      history.add(one);
    }
    json.put("history", history);
    return json;
  }

  /**
   * The trust for people: {@code 0.441 nats per preference (fit on 4,000 queries, held-out gain
   * 4187.3 nats)}, or
   * {@code prior (too few clicks to fit yet)}.
   */
  public static String text(Trust trust) {
    if (!trust.fitted()) {
      return "prior (too few clicks to fit yet)";
    }
    return String.format(Locale.ROOT,
        "%.3f nats per preference (fit on %,d queries, held-out gain %.1f nats)",
        trust.strength(), trust.queries(), trust.gain());
  }
}
