package dev.relearn.eval.beir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.eval.metrics.Measure;
import dev.relearn.eval.metrics.Metric;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpectedMetricsTest {
  private static final String BARS = """
      [
        {"dataset": "scifact", "split": "test", "mode": "bm25", "metric": "ndcg@10",
         "expected": 0.6789, "tolerance": 0.01, "note": "BM25 baseline"},
        {"dataset": "scifact", "split": "test", "mode": "bm25", "metric": "recall@100",
         "expected": 0.9, "tolerance": 0},
        {"dataset": "nfcorpus", "split": "test", "mode": "hybrid", "metric": "mrr@10",
         "expected": 0.5, "tolerance": 0.02, "note": null}
      ]
      """;

  private static InputStream stream(String json) {
    return new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void loadsEntriesInOrder() throws IOException {
    ExpectedMetrics bars = ExpectedMetrics.load(stream(BARS));
    assertEquals(3, bars.size());
    ExpectedMetric first = bars.entries().get(0);
    assertEquals(new ExpectedMetric("scifact", "test", "bm25", new Metric(Measure.NDCG, 10),
        0.6789, 0.01, "BM25 baseline"), first);
    assertEquals("", bars.entries().get(1).note());
    assertEquals("", bars.entries().get(2).note());
    assertEquals(2, bars.select("scifact", "test", "bm25").size());
    assertEquals(0.5,
        bars.find("nfcorpus", "test", "hybrid", Metric.parse("mrr@10")).orElseThrow().expected());
    assertTrue(bars.find("nfcorpus", "test", "bm25", Metric.parse("mrr@10")).isEmpty());
  }

  @Test
  void checkIsAFloor() throws IOException {
    ExpectedMetric bar = ExpectedMetrics.load(stream(BARS)).entries().get(0);
    // floor = 0.6789 - 0.01 = 0.6689
    assertTrue(bar.check(0.6789));
    assertTrue(bar.check(0.6689));
    assertTrue(bar.check(0.95), "improvements pass");
    assertFalse(bar.check(0.6688));
    assertFalse(bar.check(Double.NaN));
    assertEquals("scifact/test bm25 ndcg@10: measured 0.6712, expected 0.6789 ± 0.0100",
        bar.message(0.6712));
    ExpectedMetric exact = ExpectedMetrics.load(stream(BARS)).entries().get(1);
    assertTrue(exact.check(0.9));
    assertFalse(exact.check(0.8999));
  }

  @Test
  void loadsFromAFileAndNamesItInErrors(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("expected-metrics.json");
    Files.writeString(file, BARS);
    assertEquals(3, ExpectedMetrics.load(file).size());
    Files.writeString(file, "[{\"dataset\": \"scifact\"}]");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ExpectedMetrics.load(file));
    assertEquals(file + " entry 0: missing \"split\"", e.getMessage());
  }

  @Test
  void badEntriesNameTheEntryIndex() {
    String good = "{\"dataset\": \"d\", \"split\": \"s\", \"mode\": \"m\", \"metric\": \"ndcg@10\","
        + " \"expected\": 0.5, \"tolerance\": 0.1}";
    assertError("[" + good + ", " + good.replace("0.1}", "-0.1}") + "]",
        "stream entry 1: tolerance must be in [0, 1], got: -0.1");
    assertError("[" + good.replace("0.5", "1.5") + "]",
        "stream entry 0: expected must be in [0, 1], got: 1.5");
    assertError("[" + good.replace("ndcg@10", "ndcg@0") + "]",
        "stream entry 0: bad metric 'ndcg@0': k must be at least 1, got: 0");
    assertError("[" + good.replace("ndcg@10", "bleu@4") + "]", "stream entry 0: bad metric");
    assertError("[" + good.replace("0.5", "\"0.5\"") + "]",
        "stream entry 0: \"expected\" must be a number, got: \"0.5\"");
    assertError("[" + good.replace("\"mode\"", "\"mdoe\"") + "]",
        "stream entry 0: unknown field \"mdoe\"");
    assertError("[" + good + ", " + good + "]",
        "stream entry 1: d/s m ndcg@10 is already given by entry 0");
    assertError("[" + good + ", 3]", "stream entry 1: expected a JSON object, got: 3");
    assertError("{\"entries\": []}", "stream: expected a JSON array of entries");
    assertError("[" + good + ",", "stream: bad JSON at line 1");
  }

  private static void assertError(String json, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ExpectedMetrics.load(stream(json)));
    assertTrue(e.getMessage().startsWith(expected), e.getMessage());
  }

  @Test
  void recordValidatesDirectly() {
    Metric ndcg = Metric.parse("ndcg@10");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ExpectedMetric(" ", "test", "bm25", ndcg, 0.5, 0.1, ""));
    assertEquals("dataset must not be blank, got: ' '", e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new ExpectedMetric("d", "s", "m", ndcg, Double.NaN, 0.1, ""));
  }
}
