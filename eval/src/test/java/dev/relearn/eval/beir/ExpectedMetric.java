package dev.relearn.eval.beir;

import dev.relearn.eval.metrics.Metric;
import java.util.Locale;
import java.util.Objects;

/**
 * One regression bar: the value a metric must reach on a dataset split in a search mode.
 *
 * <p>The bar is a floor: {@link #check(double)} passes when the measured value is at least
 * {@code expected - tolerance}, so improvements always pass and only drops beyond the tolerance
 * fail. Raise the bar in the data file when an improvement should be kept.
 *
 * @param dataset the dataset name, e.g. {@code scifact}
 * @param split the qrels split, e.g. {@code test}
 * @param mode the search mode measured, e.g. {@code bm25}
 * @param metric the metric, e.g. {@code ndcg@10}
 * @param expected the reference value, in [0, 1]
 * @param tolerance how far below {@code expected} still passes, at least 0
 * @param note why the bar is where it is; may be empty, never null
 */
public record ExpectedMetric(
    String dataset,
    String split,
    String mode,
    Metric metric,
    double expected,
    double tolerance,
    String note) {
  /** Slack for floating-point noise when the measured value sits exactly on the floor. */
  private static final double ROUNDING_SLACK = 1e-12;

  /** Validates every field; the message names the bad value. */
  public ExpectedMetric {
    requireName("dataset", dataset);
    requireName("split", split);
    requireName("mode", mode);
    Objects.requireNonNull(metric, "metric");
    if (!(expected >= 0 && expected <= 1)) {
      throw new IllegalArgumentException("expected must be in [0, 1], got: " + expected);
    }
    if (!(tolerance >= 0 && tolerance <= 1)) {
      throw new IllegalArgumentException("tolerance must be in [0, 1], got: " + tolerance);
    }
    note = note == null ? "" : note;
  }

  /** The lowest value that passes: {@code expected - tolerance}. */
  public double floor() {
    return expected - tolerance;
  }

  /** Whether {@code measured} reaches the floor; NaN never does. */
  public boolean check(double measured) {
    return measured >= floor() - ROUNDING_SLACK;
  }

  /** Where the bar applies, e.g. {@code scifact/test bm25 ndcg@10}. */
  public String label() {
    return dataset + "/" + split + " " + mode + " " + metric.name();
  }

  /**
   * A report line, e.g.
   * {@code scifact/test bm25 ndcg@10: measured 0.6712, expected 0.6789 ± 0.0100}.
   */
  public String message(double measured) {
    return String.format(Locale.ROOT, "%s: measured %.4f, expected %.4f ± %.4f",
        label(), measured, expected, tolerance);
  }

  private static void requireName(String what, String value) {
    Objects.requireNonNull(value, what);
    if (value.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank, got: '" + value + "'");
    }
  }
}
