package dev.relearn.eval.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MetricTest {

  @Test
  void parsesNamesWithCutoffs() {
    assertEquals(new Metric(Measure.NDCG, 10), Metric.parse("ndcg@10"));
    assertEquals(new Metric(Measure.RECALL, 100), Metric.parse(" Recall@100 "));
    assertEquals(new Metric(Measure.MRR, 10), Metric.parse("mrr@10"));
    assertEquals(new Metric(Measure.PRECISION, 5), Metric.parse("precision@5"));
    assertEquals("p@5", Metric.parse("P@5").name());
  }

  @Test
  void nameWithoutCutoffMeansTheWholeRanking() {
    Metric map = Metric.parse("map");
    assertEquals(Measure.MAP, map.measure());
    assertFalse(map.hasCutoff());
    assertEquals("map", map.name());
    assertTrue(Metric.parse("map@100").hasCutoff());
  }

  @ParameterizedTest
  @ValueSource(strings = {"ndcg@10", "recall@100", "mrr@10", "map", "map@1000", "p@1", "ndcg"})
  void nameRoundTrips(String name) {
    assertEquals(name, Metric.parse(name).name());
    assertEquals(Metric.parse(name), Metric.parse(Metric.parse(name).toString()));
  }

  @Test
  void rejectsBadNamesAndCutoffs() {
    assertMessage("bleu@10", "unknown measure 'bleu'");
    assertMessage("ndcg@0", "k must be at least 1, got: 0");
    assertMessage("ndcg@-3", "k must be at least 1, got: -3");
    assertMessage("ndcg@ten", "k must be an integer, got: 'ten'");
    assertMessage("ndcg@", "k must be an integer, got: ''");
    assertMessage("p", "p needs a cutoff");
    assertMessage("", "unknown measure ''");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new Metric(Measure.NDCG, 0));
    assertEquals("k must be at least 1, got: 0", e.getMessage());
  }

  private static void assertMessage(String text, String expected) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Metric.parse(text));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
  }
}
