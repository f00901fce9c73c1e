package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.relearn.lucene.trust.Trust;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trust's JSON shape and sentence: the prior is said as such, never as a strength of 0. */
class TrustViewsTest {
  private static final Trust FITTED = new Trust(true, 0.4412, 1.2, 4187.34, 9490, 4000);

  @Test
  void aFittedTrustShowsItsStrengthQueriesAndGain() {
    assertEquals("0.441 nats per preference (fit on 4,000 queries, held-out gain 4187.3 nats)",
        TrustViews.text(FITTED));
    TrustState state = new TrustState(TrustState.VERSION, FITTED, 6250, "",
        List.of(new TrustPoint(1, 40, false, 0, 0.5), new TrustPoint(5, 3890, true, 0.43, 4011.8),
            new TrustPoint(9, 4000, true, 0.4412, 4187.34)));
    Map<String, Object> json = TrustViews.map(state);
    assertEquals(List.of("fitted", "strength", "gain", "queries", "events", "history"),
        List.copyOf(json.keySet()));
    assertEquals(true, json.get("fitted"));
    assertEquals(0.4412, json.get("strength"));
    assertEquals(6250L, json.get("events"));
    Map<String, Object> prior = new java.util.HashMap<>();
    prior.put("millis", 1L);
    prior.put("queries", 40);
    prior.put("strength", null);
    prior.put("gain", 0.5);
    assertEquals(List.of(prior,
        Map.of("millis", 5L, "queries", 3890, "strength", 0.43, "gain", 4011.8),
        Map.of("millis", 9L, "queries", 4000, "strength", 0.4412, "gain", 4187.34)),
        json.get("history"));
    assertEquals(List.of("fitted", "strength", "gain", "queries", "events"),
        List.copyOf(TrustViews.current(state).keySet()), "current has no history");
  }

  @Test
  void aTrustOfStrengthZeroSaysWhyTheVoteIsOff() {
    Trust off = new Trust(true, 0, -0.3, -0.997, 120, 57);
    assertEquals("0.000 nats per preference (fit on 57 queries, held-out gain -1.0 nats): the"
        + " vote is off, as it predicted held-out clicks no better than rank alone (gain not"
        + " above 2 nats)", TrustViews.text(off));
  }

  @Test
  void anUnfittedTrustIsThePriorNotZero() {
    Trust unfitted = new Trust(false, 0, 0.4, 2.5, 12, 30);
    assertEquals("prior (too few clicks to fit yet)", TrustViews.text(unfitted));
    Map<String, Object> json = TrustViews.current(
        new TrustState(TrustState.VERSION, unfitted, 40, "", List.of()));
    assertEquals(false, json.get("fitted"));
    assertNull(json.get("strength"), "the prior is not a strength of 0: " + json);
    assertEquals(30, json.get("queries"));
  }
}
