package dev.relearn.eval.firststage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.eval.beir.ExpectedMetric;
import dev.relearn.eval.beir.ExpectedMetrics;
import dev.relearn.eval.metrics.EvaluationResult;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The code-search bars, {@code expected/code-search.json}, and their check. */
final class CodeSearchBars {
  private CodeSearchBars() {}

  /**
   * Prints each of the {@code count} bars of a dataset, split and mode beside its measured value,
   * and returns the messages of those missed.
   */
  static List<String> check(String dataset, String split, String mode, EvaluationResult result,
      int count) throws IOException {
    List<ExpectedMetric> bars = load().select(dataset, split, mode);
    assertEquals(count, bars.size(), "bars for " + dataset + " " + split + " " + mode);
    List<String> failures = new ArrayList<>();
    for (ExpectedMetric bar : bars) {
      double measured = result.mean(bar.metric());
      System.out.printf(Locale.ROOT, "code search %s %s %s %s = %.4f (bar %s)%n", dataset,
          split, mode, bar.metric(), measured, bar.label());
      if (!bar.check(measured)) {
        failures.add(bar.message(measured));
      }
    }
    return failures;
  }

  private static ExpectedMetrics load() throws IOException {
    try (InputStream in = CodeSearchBars.class.getResourceAsStream("/expected/code-search.json")) {
      if (in == null) {
        throw new IllegalStateException("missing test resource expected/code-search.json");
      }
      return ExpectedMetrics.load(in, "expected/code-search.json");
    }
  }
}
