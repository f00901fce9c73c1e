package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.relearn.lucene.trust.Trust;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trust's JSON shape and sentence: the prior is said as such, never as a weight of 0. */
class TrustViewsTest {
  private static final Trust FITTED = new Trust(true, 10.8712, 1.2, 4187.34, 900, 4000);

  @Test
  void aFittedTrustShowsItsWeightQueriesAndGain() {
    assertEquals("10.87 (fit on 4,000 queries, held-out gain 4187.3 nats)",
        TrustViews.text(FITTED));
    TrustState state = new TrustState(TrustState.VERSION, FITTED, 6250,
        List.of(new TrustPoint(5, 3890, 10.5, 4011.8), new TrustPoint(9, 4000, 10.8712, 4187.34)));
    Map<String, Object> json = TrustViews.map(state);
    assertEquals(List.of("fitted", "weight", "gain", "queries", "events", "history"),
        List.copyOf(json.keySet()));
    assertEquals(true, json.get("fitted"));
    assertEquals(10.8712, json.get("weight"));
    assertEquals(6250L, json.get("events"));
    assertEquals(List.of(Map.of("millis", 5L, "queries", 3890, "weight", 10.5, "gain", 4011.8),
        Map.of("millis", 9L, "queries", 4000, "weight", 10.8712, "gain", 4187.34)),
        json.get("history"));
    assertEquals(List.of("fitted", "weight", "gain", "queries", "events"),
        List.copyOf(TrustViews.current(state).keySet()), "current has no history");
  }

  @Test
  void anUnfittedTrustIsThePriorNotZero() {
    Trust unfitted = new Trust(false, 0, 0.4, 2.5, 12, 30);
    assertEquals("prior (too few clicks to fit yet)", TrustViews.text(unfitted));
    Map<String, Object> json = TrustViews.current(
        new TrustState(TrustState.VERSION, unfitted, 40, List.of()));
    assertEquals(false, json.get("fitted"));
    assertNull(json.get("weight"), "the prior's weight is not 0: " + json);
    assertEquals(30, json.get("queries"));
  }
}
