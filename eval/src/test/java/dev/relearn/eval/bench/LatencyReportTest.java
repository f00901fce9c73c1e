package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
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
          new LatencyReport.Row(LatencyReport.HYBRID, 0.655, 1.462, null),
          new LatencyReport.Row(LatencyReport.LEARNED, 0.905, 1.9, LatencyReport.HYBRID),
          new LatencyReport.Row(LatencyReport.EMBEDDING, 6.067, 20.536, null)));
      String table = report.table();
      assertTrue(table.contains("0.655     1.462"), table);
      assertTrue(table.contains("1.38x relearn hybrid"), table);
      assertTrue(table.contains("re-rank overhead at p50: 0.250 ms = 38% of hybrid"), table);
      assertFalse(table.matches("(?s).*\\d,\\d.*"), table);
    } finally {
      Locale.setDefault(saved);
    }
  }
}
