package dev.relearn.eval.bench;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.relearn.eval.metrics.JsonMaps;
import java.util.Formatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Warm query latency of relearn beside plain Lucene, measured in one run: the dataset, distinct
 * queries, measured passes, a row per operation, the index's size and heap at the end (or null),
 * and what the warm-up did (or null).
 */
@JsonPropertyOrder({"dataset", "queries", "rounds", "rows", "warm_up"})
public record LatencyReport(String dataset, int queries, int rounds, List<Row> rows,
    @JsonUnwrapped MemoryFigures memory, @JsonInclude(NON_NULL) WarmUp.Summary warmUp) {
  public LatencyReport {
    rows = List.copyOf(rows);
  }

  /**
   * One operation's latency: its name (e.g. {@code "relearn hybrid"}), p50 and p99, the timings
   * they come from, and the row it is compared with (or null).
   */
  public record Row(String name, @JsonProperty("p50_ms") double p50Millis,
      @JsonProperty("p99_ms") double p99Millis, int samples, String baseline) {
    public Row {
      if (samples < 1) {
        throw new IllegalArgumentException("row " + name + ": samples must be >= 1, got: "
            + samples);
      }
    }
  }

  /** The learned row's name. */
  static final String LEARNED = "relearn learned (re-rank of 100)";
  /** The row of the hybrid first stage's candidates alone, without loading the hits. */
  static final String CANDIDATES = "relearn hybrid candidates only";
  /** The hybrid row's name. */
  static final String HYBRID = "relearn hybrid";
  /** The embedding row's name. */
  static final String EMBEDDING = "embedding model alone (uncached)";

  /**
   * A plain-text table with the p50 ratio against each row's baseline and, with a learned row, the
   * re-rank overhead as a share of hybrid, of its candidates alone, and of hybrid with the query
   * embedded.
   */
  public String table() {
    Formatter out = new Formatter(Locale.ROOT).format(
        "Warm query latency on %s: %d queries x %d rounds, top 10 of 100 candidates%n",
        dataset, queries, rounds);
    if (warmUp != null) {
      out.format("%s%n", warmUp.line());
    }
    out.format("%-34s %9s %9s %7s  %s%n", "operation", "p50 ms", "p99 ms", "n", "p50 vs baseline");
    for (Row row : rows) {
      String ratio = "";
      if (row.baseline() != null) {
        Row base = row(row.baseline());
        ratio = String.format(Locale.ROOT, "%.2fx %s", row.p50Millis() / base.p50Millis(),
            base.name());
      }
      out.format("%-34s %9.3f %9.3f %7d  %s%n", row.name(), row.p50Millis(), row.p99Millis(),
          row.samples(), ratio);
    }
    if (rows.stream().anyMatch(r -> r.samples() < 100)) {
      out.format("(a p99 from fewer than 100 samples is the maximum: raise --max-queries or"
          + " --rounds)%n");
    }
    Row learned = find(LEARNED);
    Row hybrid = find(HYBRID);
    Row embed = find(EMBEDDING);
    Row candidates = find(CANDIDATES);
    if (learned != null && hybrid != null) {
      double overhead = learned.p50Millis() - hybrid.p50Millis();
      out.format("re-rank overhead at p50: %.3f ms = %.0f%% of hybrid with a warm query vector",
          overhead, 100 * overhead / hybrid.p50Millis());
      if (candidates != null) {
        out.format(" (%.0f%% of its candidates alone, %.3f ms)",
            100 * overhead / candidates.p50Millis(), candidates.p50Millis());
      }
      if (embed != null) {
        out.format(", %.1f%% of hybrid with the query embedded (%.3f ms)",
            100 * overhead / (hybrid.p50Millis() + embed.p50Millis()),
            hybrid.p50Millis() + embed.p50Millis());
      }
      out.format("%n");
    }
    if (memory != null) {
      out.format("memory: index %.1f MB on disk; JVM heap in use after a full GC %.1f MB (max"
          + " %.0f MB)%n", memory.indexBytes() / 1e6, memory.heapUsedBytes() / 1e6,
          memory.heapMaxBytes() / 1e6);
    }
    return out.toString();
  }

  private Row find(String name) {
    return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
  }

  /** The row named {@code name}. */
  public Row row(String name) {
    Row row = find(name);
    if (row == null) {
      throw new IllegalArgumentException("no row named " + name);
    }
    return row;
  }

  /** A JSON-ready map, with snake_case keys as every other JSON output of relearn. */
  public Map<String, Object> toJson() {
    return JsonMaps.of(this);
  }
}
