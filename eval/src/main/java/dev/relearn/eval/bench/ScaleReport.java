package dev.relearn.eval.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.relearn.eval.metrics.JsonMaps;
import java.util.Comparator;
import java.util.Formatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@link ScaleBenchmark} measured: a column per size (ascending), then the feedback load on
 * the largest (null when the run did not get that far), the steps that failed (their figures
 * missing), the processors and the heap limit.
 */
@JsonPropertyOrder({"source_chunks", "cores", "max_heap_bytes", "sizes", "failures"})
public record ScaleReport(long sourceChunks, List<Size> sizes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Feedback feedback,
    List<String> failures, int cores, long maxHeapBytes) {
  private static final double GIB = 1L << 30;

  public ScaleReport {
    sizes = List.copyOf(sizes);
    failures = List.copyOf(failures);
  }

  /**
   * One size's figures: chunks and files indexed; build (open, index from scratch, close) time and
   * heap peak (sum of the pools' peaks); chunk index and feedback store on disk; the quantised
   * vectors and HNSW graph a vector search reads; the engine's open time; an unchanged re-index;
   * the median time to index one edited file by path ({@link FileSaves}); search latency per mode
   * beside plain Lucene; the load average before the size and after its latency run.
   */
  public record Size(int chunks, int files, double buildSeconds, long peakHeapBytes,
      long diskBytes, long hotVectorBytes, double openSeconds, double unchangedSeconds,
      double savedFileMillis, LatencyReport latency, double loadBefore, double loadAfter) {
    public Size {
      if (chunks < 1 || files < 1 || buildSeconds <= 0) {
        throw new IllegalArgumentException("need chunks and files >= 1 and a build time > 0,"
            + " got: " + chunks + ", " + files + ", " + buildSeconds);
      }
    }
  }

  /**
   * The feedback load's figures: events aimed at, recorded through the feedback API and in the
   * ledger; recording time (with the searches for what was shown); the similar-query lookup's p50,
   * p99 and count; the close, the open again and the log records it replayed; the heap after a full
   * GC before the close and after the open.
   */
  public record Feedback(long target, long recorded, long ledgerEvents, double recordSeconds,
      @JsonProperty("lookup_p50_ms") double lookupP50Millis,
      @JsonProperty("lookup_p99_ms") double lookupP99Millis, int lookups, double closeSeconds,
      double openSeconds, long replayedRecords, long heapBeforeBytes, long heapAfterBytes) {}

  /** One line per size for progress notes, e.g. while a long run goes on. */
  static String sizeLine(Size size) {
    LatencyReport.Row hybrid = size.latency().row(LatencyReport.HYBRID);
    return String.format(Locale.ROOT, "%,d chunks: built in %.1f s (peak heap %.2f GiB), disk"
        + " %.2f GiB, hot vectors %.3f GiB, open %.2f s, unchanged re-index %.1f s, one file"
        + " saved %.0f ms, hybrid p50 %.2f ms p99 %.2f ms", size.chunks(), size.buildSeconds(),
        size.peakHeapBytes() / GIB, size.diskBytes() / GIB, size.hotVectorBytes() / GIB,
        size.openSeconds(), size.unchangedSeconds(), size.savedFileMillis(), hybrid.p50Millis(),
        hybrid.p99Millis());
  }

  /** A plain-text table, a column per size, then the feedback figures. */
  public String table() {
    Formatter out = new Formatter(Locale.ROOT);
    out.format("Scale: nested slices of %,d chunks of source; the hashing embedder stands in for"
        + " the model (its cost per chunk: relearn bench indexing); %d cores, max heap %.1f"
        + " GiB%n", sourceChunks, cores, maxHeapBytes / GIB);
    out.format("%-44s", "chunks");
    sizes.forEach(size -> out.format(" %17s", String.format(Locale.ROOT, "%,d", size.chunks())));
    out.format("%n");
    row(out, "files", size -> String.format(Locale.ROOT, "%,d", size.files()));
    row(out, "build from scratch s (chunks/s)", size -> String.format(Locale.ROOT,
        "%.1f (%.0f)", size.buildSeconds(), size.chunks() / size.buildSeconds()));
    row(out, "peak heap during build GiB", size -> gib(size.peakHeapBytes()));
    row(out, "disk GiB", size -> gib(size.diskBytes()));
    row(out, "hot vectors GiB (quantised + graph)", size -> gib(size.hotVectorBytes()));
    row(out, "open s", size -> String.format(Locale.ROOT, "%.2f", size.openSeconds()));
    row(out, "unchanged re-index s (% of build)", size -> String.format(Locale.ROOT,
        "%.1f (%.1f%%)", size.unchangedSeconds(),
        100 * size.unchangedSeconds() / size.buildSeconds()));
    row(out, "one file edited, indexed by path ms", size -> String.format(Locale.ROOT, "%.0f",
        size.savedFileMillis()));
    Size fullest = sizes.stream() // a size whose learned mode failed lacks its row
        .max(Comparator.comparingInt(size -> size.latency().rows().size())).orElseThrow();
    for (LatencyReport.Row first : fullest.latency().rows()) {
      row(out, first.name() + " p50/p99 ms", size -> size.latency().rows().stream()
          .filter(row -> row.name().equals(first.name())).findFirst()
          .map(row -> String.format(Locale.ROOT, "%.2f / %.2f", row.p50Millis(),
              row.p99Millis())).orElse("-"));
    }
    row(out, "heap after full GC GiB", size -> gib(size.latency().memory().heapUsedBytes()));
    row(out, "load average before / after", size -> String.format(Locale.ROOT, "%.1f / %.1f",
        size.loadBefore(), size.loadAfter()));
    if (feedback != null) {
      out.format("feedback: %,d of %,d events recorded in %.0f s (%.0f/s; ledger %,d)%s%n",
          feedback.recorded(), feedback.target(), feedback.recordSeconds(),
          feedback.recorded() / feedback.recordSeconds(), feedback.ledgerEvents(),
          feedback.recorded() < feedback.target() ? ", stopped at the time limit" : "");
      out.format("  similar-query lookup p50 %.3f ms, p99 %.3f ms (%d lookups)%n",
          feedback.lookupP50Millis(), feedback.lookupP99Millis(), feedback.lookups());
      out.format("  close %.2f s, open again %.2f s (%,d log records replayed); heap after full"
          + " GC %.2f GiB before the close, %.2f GiB after the open%n", feedback.closeSeconds(),
          feedback.openSeconds(), feedback.replayedRecords(), feedback.heapBeforeBytes() / GIB,
          feedback.heapAfterBytes() / GIB);
    }
    failures.forEach(failure -> out.format("FAILED: %s%n", failure));
    return out.toString();
  }

  private void row(Formatter out, String name, Function<Size, String> cell) {
    out.format("%-44s", name);
    sizes.forEach(size -> out.format(" %17s", cell.apply(size)));
    out.format("%n");
  }

  private static String gib(long bytes) {
    return String.format(Locale.ROOT, "%.3f", bytes / GIB);
  }

  /** A JSON-ready map, with snake_case keys as every other JSON output of relearn. */
  public Map<String, Object> toJson() {
    return JsonMaps.of(this);
  }
}
