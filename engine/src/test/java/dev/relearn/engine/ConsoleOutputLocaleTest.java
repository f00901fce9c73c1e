package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.IndexReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What indexing prints for people reads the same whatever the JVM's locale: a German or French
 * default locale must not turn "12.3 s" into "12,3 s" (scripts and the docs expect the point).
 */
class ConsoleOutputLocaleTest {
  private Locale saved;

  @BeforeEach
  void useGermanLocale() {
    saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
  }

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  @Test
  void theIndexSummaryWritesDecimalPoints() {
    IndexReport report = new IndexReport("/data/docs", null, 3, 0, 1, 0, 3, 0, List.of(), Map.of(),
        12_345);
    String summary = report.summary();
    assertTrue(summary.endsWith("; 12.3 s"), summary);
  }

  @Test
  void progressLinesWriteDecimalPoints() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleProgress progress =
        new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
    progress.start("embedding", 1_000_000);
    Thread.sleep(20);
    progress.advance(1_000_000);
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(printed.matches("(?s).*\\d\\.\\d/s.*"), printed);
    assertTrue(!printed.matches("(?s).*\\d,\\d/s.*"), printed);
  }
}
