package dev.relearn.eval.report;

import dev.relearn.eval.metrics.Plural;
import java.util.Locale;

/** Number formats shared by the report's Markdown and SVG. */
final class Fmt {
  private Fmt() {}

  /** 4 decimals, e.g. {@code 0.4090}. */
  static String f4(double value) {
    return String.format(Locale.ROOT, "%.4f", value);
  }

  /** 3 decimals, e.g. {@code 0.441}. */
  static String f3(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  /** A signed difference, 4 decimals, e.g. {@code +0.0930}. */
  static String signed(double value) {
    return String.format(Locale.ROOT, "%+.4f", value);
  }

  /** A p-value: 4 decimals, or {@code < 0.0001}. */
  static String p(double value) {
    return value < 1e-4 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", value);
  }

  /** A count with thousands separators, e.g. {@code 15,893}. */
  static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** {@code 1 query}, {@code 1,403 queries}: {@link #count(long)} and the noun. */
  static String count(long value, String one, String many) {
    return count(value) + " " + Plural.noun(value, one, many);
  }

  /** A Markdown table row of {@code cells}; an empty cell is {@code | |}. */
  static String row(String... cells) {
    StringBuilder row = new StringBuilder("|");
    for (String cell : cells) {
      row.append(cell.isEmpty() ? " " : " " + cell + " ").append('|');
    }
    return row.append('\n').toString();
  }

  /** Seconds as {@code 12.3 s} or {@code 4.5 min}. */
  static String duration(double seconds) {
    return seconds < 120 ? String.format(Locale.ROOT, "%.1f s", seconds)
        : String.format(Locale.ROOT, "%.1f min", seconds / 60);
  }
}
