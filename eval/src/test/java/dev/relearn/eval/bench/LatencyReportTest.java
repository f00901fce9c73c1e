package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class LatencyReportTest {
  @Test
  void theTableWritesDecimalPointsWhateverTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.FRANCE);
    try {
      LatencyReport report = new LatencyReport("scifact", 300, 5, List.of(
          new LatencyReport.Row(LatencyReport.CANDIDATES, 0.312, 0.8, 1500, null),
          new LatencyReport.Row(LatencyReport.HYBRID, 0.655, 1.462, 1500, null),
          new LatencyReport.Row(LatencyReport.LEARNED, 0.905, 1.9, 1500, LatencyReport.HYBRID),
          new LatencyReport.Row(LatencyReport.EMBEDDING, 6.067, 20.536, 300, null)), null, null);
      String table = report.table();
      assertTrue(table.contains("0.655     1.462    1500"), table);
      assertTrue(table.contains("1.38x relearn hybrid"), table);
      assertTrue(table.contains("re-rank overhead at p50: 0.250 ms = 38% of hybrid with a warm"
          + " query vector (80% of its candidates alone, 0.312 ms), 3.7% of hybrid with the query"
          + " embedded (6.722 ms)"), table);
      assertFalse(table.matches("(?s).*\\d,\\d.*"), table);
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void theTableGivesSampleCountsMemoryAndWarnsWhenP99IsTheMaximum() {
    LatencyReport report = new LatencyReport("scifact", 50, 1, List.of(
        new LatencyReport.Row(LatencyReport.HYBRID, 0.655, 1.462, 50, null)),
        new MemoryFigures(25_000_000, 120_000_000, 4_000_000_000L),
        new WarmUp.Summary(11, 14.24, WarmUp.Stop.SETTLED, 0.04));
    String table = report.table();
    assertTrue(table.contains("warm-up: 11 passes in 14.2 s, until the JIT compiler settled (4% of"
        + " the last second spent compiling)"), table);
    @SuppressWarnings("unchecked")
    var warmUp = (java.util.Map<String, Object>) report.toJson().get("warm_up");
    assertEquals(java.util.Map.of("passes", 11, "seconds", 14.24, "stop", "settled",
        "jit_share", 0.04), warmUp);
    assertTrue(table.contains("a p99 from fewer than 100 samples is the maximum"), table);
    assertTrue(table.contains("index 25.0 MB on disk; JVM heap in use after a full GC 120.0 MB"),
        table);
    assertEquals(50, report.toJson().get("queries"));
    assertEquals(25_000_000L, report.toJson().get("index_bytes"));
  }

  @Test
  void aRowWithoutSamplesIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LatencyReport.Row("relearn hybrid", 1, 2, 0, null));
    assertTrue(e.getMessage().contains("relearn hybrid"), e.getMessage());
  }

  @Test
  void warmUpTextsAreNoneOfTheQueries() {
    String query = "statins reduce  cardiovascular risk";
    String warm = LatencyBenchmark.warmUpText(query, 3);
    assertEquals("warm-up 3: risk cardiovascular reduce statins", warm);
    assertNotEquals(LatencyBenchmark.warmUpText(query, 4), warm);
  }
}
