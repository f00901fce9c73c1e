package dev.relearn.engine;

import dev.relearn.lucene.trust.Trust;
import dev.relearn.lucene.trust.TrustFit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one JSON shape and sentence of the trust in the vote of similar past queries ({@link
 * Relearn#trust()}) for the CLI, HTTP and MCP. Until it is fitted the prior applies: its strength
 * shows as {@code prior} (text) or {@code null} (JSON), never as 0.
 */
public final class TrustViews {
  private TrustViews() {}

  /** The current trust: fitted, strength (null until fitted), gain, queries, events. */
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

  /** {@link #current} and its {@code history}, oldest first. */
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
   * The trust for people: {@code 0.441 nats per preference (fit on 4,000 queries, ...)}, and
   * why the vote is off when its strength is 0.
   */
  public static String text(Trust trust) {
    if (!trust.fitted()) {
      return "prior (too few clicks to fit yet)";
    }
    String fit = String.format(Locale.ROOT,
        "%.3f nats per preference (fit on %,d queries, held-out gain %.1f nats)",
        trust.strength(), trust.queries(), trust.gain());
    return trust.strength() > 0 ? fit : String.format(Locale.ROOT, "%s: the vote is off, as it"
        + " predicted held-out clicks no better than rank alone (gain not above %.0f nats)", fit,
        TrustFit.MIN_GAIN);
  }
}
