package dev.relearn.eval.bench;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.relearn.eval.metrics.JsonMaps;
import java.util.Formatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Indexing speed of relearn beside the embedding model alone and plain Lucene, in one run on one
 * sample of a BEIR corpus.
 *
 * @param dataset the dataset's name
 * @param corpusDocs documents in the whole corpus
 * @param sample what was indexed
 * @param model the model's id and threads, e.g. {@code "bge-small-en-v1.5-q, 2 threads"}
 * @param steps model load, model alone, plain Lucene, then relearn's runs
 * @param drift the model's rate before and after relearn's first run
 * @param memory sizes on disk and heap figures
 * @param loadBefore the 1-minute load average before the run (negative: unknown)
 * @param loadAfter the same after the run
 * @param cores processors available to the JVM
 */
@JsonPropertyOrder({"dataset", "corpus_docs", "sample", "model", "steps", "overhead_seconds"})
public record IndexingReport(String dataset, int corpusDocs, @JsonUnwrapped Sample sample,
    String model, List<Step> steps, @JsonUnwrapped Drift drift, @JsonUnwrapped Memory memory,
    double loadBefore, double loadAfter, int cores) {
  /** The model's load, as the engine does on first use. */
  public static final String MODEL_LOAD = "model load";
  /** The floor: the model embedding every chunk's text, one at a time. */
  public static final String MODEL = "embedding model alone";
  /** The Lucene baseline. */
  public static final String LUCENE = "plain Lucene BM25+KNN";
  /** {@code relearn index} into a new index. */
  public static final String SCRATCH = "relearn index, from scratch";
  /** {@code relearn index} again on the unchanged corpus. */
  public static final String UNCHANGED = "relearn index, unchanged";
  /** {@code relearn index} again after some documents changed. */
  public static final String INCREMENTAL = "relearn index, incremental";

  public IndexingReport {
    steps = List.copyOf(steps);
  }

  /**
   * What was indexed: documents sampled, seed (also of the changed documents), chunks, documents
   * edited before the incremental run.
   */
  public record Sample(@JsonProperty("sampled_docs") int docs, long seed, int chunks,
      int changedDocs) {
    public Sample {
      if (docs < 1 || chunks < 0 || changedDocs < 0 || changedDocs > docs) {
        throw new IllegalArgumentException("sample counts out of range: " + docs + " docs, "
            + chunks + " chunks, " + changedDocs + " changed");
      }
    }
  }

  /**
   * One measured step: its name (a constant of this class), wall time, chunks gone through, texts
   * embedded, and the step it is a ratio of (or null).
   */
  @JsonPropertyOrder({"name", "seconds", "chunks", "embedded", "chunks_per_s"})
  public record Step(String name, double seconds, int chunks, int embedded, String baseline) {
    public Step {
      if (!(seconds >= 0) || chunks < 0 || embedded < 0) {
        throw new IllegalArgumentException("step " + name + ": figures must be >= 0, got: "
            + seconds + " s, " + chunks + " chunks, " + embedded + " embedded");
      }
    }

    /** Chunks per second, or 0 for a step without chunks. */
    @JsonProperty("chunks_per_s")
    public double chunksPerSecond() {
      return chunks == 0 || seconds == 0 ? 0 : chunks / seconds;
    }
  }

  /**
   * The model's rate in the halves of its step, before and after relearn's from-scratch run: far
   * apart, the load changed during the run.
   */
  public record Drift(@JsonProperty("model_first_half_chunks_per_s") double firstChunksPerSecond,
      @JsonProperty("model_second_half_chunks_per_s") double secondChunksPerSecond) {}

  /**
   * The from-scratch run's heap peak (sum of the pools' peaks: {@link
   * MemoryFigures#peakHeapBytes}), the figures after it with the engine open, and plain Lucene's
   * index size.
   */
  public record Memory(long peakHeapBytes, @JsonUnwrapped MemoryFigures figures,
      long plainLuceneBytes) {}

  /** The step named {@code name}. */
  public Step step(String name) {
    return steps.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no step named " + name));
  }

  /** The step's time as a ratio of its baseline's, or NaN without a baseline. */
  public double ratio(Step step) {
    return step.baseline() == null ? Double.NaN : step.seconds() / step(step.baseline()).seconds();
  }

  /** Seconds of the from-scratch run beyond the model's load and embedding and plain Lucene. */
  @JsonProperty("overhead_seconds")
  public double overheadSeconds() {
    return step(SCRATCH).seconds() - step(MODEL_LOAD).seconds() - step(MODEL).seconds()
        - step(LUCENE).seconds();
  }

  /** A plain-text table, then the overhead, memory and load lines. */
  public String table() {
    Formatter out = new Formatter(Locale.ROOT).format(
        "Indexing on %s: %d of %d documents (seed %d), %d chunks; %s%n", dataset, sample.docs(),
        corpusDocs, sample.seed(), sample.chunks(), model);
    out.format("%-40s %8s %7s %8s %9s  %s%n", "step", "seconds", "chunks", "embedded",
        "chunks/s", "ratio");
    for (Step step : steps) {
      String ratio = step.baseline() == null ? ""
          : String.format(Locale.ROOT, "%.2fx %s", ratio(step), step.baseline());
      String rate = step.chunks() == 0 ? "" : String.format(Locale.ROOT, "%.1f",
          step.chunksPerSecond());
      out.format("%-40s %8.2f %7d %8d %9s  %s%n",
          step.name() + (step.name().equals(INCREMENTAL)
              ? " (" + sample.changedDocs() + " changed)" : ""),
          step.seconds(), step.chunks(), step.embedded(), rate, ratio);
    }
    out.format("the model alone ran in two halves: %.1f chunks/s before relearn's from-scratch"
        + " run, %.1f after it%n", drift.firstChunksPerSecond(), drift.secondChunksPerSecond());
    double scratch = step(SCRATCH).seconds();
    out.format("relearn index from scratch beyond model load + embedding + plain Lucene: %.2f s"
        + " (%.0f%% of its time)%n", overheadSeconds(), 100 * overheadSeconds() / scratch);
    MemoryFigures figures = memory.figures();
    out.format("memory: peak heap during the from-scratch run %.1f MB"
        + " (sum of pool peaks, garbage included); after a full GC %.1f MB (max %.0f MB)%n",
        memory.peakHeapBytes() / 1e6, figures.heapUsedBytes() / 1e6,
        figures.heapMaxBytes() / 1e6);
    out.format("disk: index %.2f MB (%.2fx plain Lucene's %.2f MB)%n",
        figures.indexBytes() / 1e6, (double) figures.indexBytes() / memory.plainLuceneBytes(),
        memory.plainLuceneBytes() / 1e6);
    if (loadBefore >= 0) {
      out.format("system load average %.2f before, %.2f after, on %d cores%n", loadBefore,
          loadAfter, cores);
    }
    return out.toString();
  }

  /** A JSON-ready map, with snake_case keys as every other JSON output of relearn. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> toJson() {
    Map<String, Object> json = JsonMaps.of(this);
    List<Map<String, Object>> rows = (List<Map<String, Object>>) json.get("steps");
    for (int i = 0; i < steps.size(); i++) {
      rows.get(i).put("ratio", steps.get(i).baseline() == null ? null : ratio(steps.get(i)));
    }
    return json;
  }
}
