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
 * Indexing speed of relearn beside the embedding model alone and plain Lucene, measured in the
 * same run on the same sample of a BEIR corpus.
 *
 * @param dataset the dataset's name
 * @param corpusDocs documents in the whole corpus
 * @param sample what was indexed: documents, seed, chunks and the documents changed for the
 *     incremental run
 * @param model the embedding model's id and the threads it may use, e.g. {@code
 *     "bge-small-en-v1.5-q, 2 threads"}
 * @param steps the measured steps: model load, model alone, plain Lucene, then relearn's runs
 * @param drift the model's rate in each half of its step, before and after relearn's first run
 * @param memory sizes on disk and heap figures
 * @param loadBefore the system load average (1 minute) before the run, or a negative number
 *     when the system does not tell
 * @param loadAfter the same after the run
 * @param cores processors available to the JVM
 */
@JsonPropertyOrder({"dataset", "corpus_docs", "sample", "model", "steps", "overhead_seconds"})
public record IndexingReport(String dataset, int corpusDocs, @JsonUnwrapped Sample sample,
    String model, List<Step> steps, @JsonUnwrapped Drift drift, @JsonUnwrapped Memory memory,
    double loadBefore, double loadAfter, int cores) {
  /** The model's load (creating its session), as the engine does on first use. */
  public static final String MODEL_LOAD = "model load";
  /** The floor: the model embedding every chunk's text, one at a time as the indexer does. */
  public static final String MODEL = "embedding model alone";
  /** The Lucene baseline. */
  public static final String LUCENE = "plain Lucene BM25+KNN";
  /** {@code relearn index} into a new index. */
  public static final String SCRATCH = "relearn index, from scratch";
  /** {@code relearn index} again on the unchanged corpus. */
  public static final String UNCHANGED = "relearn index, unchanged";
  /** {@code relearn index} again after some documents changed. */
  public static final String INCREMENTAL = "relearn index, incremental";

  /** Copies the steps. */
  public IndexingReport {
    steps = List.copyOf(steps);
  }

  /**
   * What was indexed.
   *
   * @param docs documents sampled
   * @param seed the sampling seed (also chooses the changed documents)
   * @param chunks chunks the indexer makes of them (a BEIR document is one chunk)
   * @param changedDocs documents edited before the incremental run
   */
  public record Sample(@JsonProperty("sampled_docs") int docs, long seed, int chunks,
      int changedDocs) {
    /** Checks the counts. */
    public Sample {
      if (docs < 1 || chunks < 0 || changedDocs < 0 || changedDocs > docs) {
        throw new IllegalArgumentException("sample counts out of range: " + docs + " docs, "
            + chunks + " chunks, " + changedDocs + " changed");
      }
    }
  }

  /**
   * One measured step.
   *
   * @param name what was measured, one of this class's constants
   * @param seconds wall time
   * @param chunks chunks the step went through (0 for the model's load)
   * @param embedded texts the model embedded in the step
   * @param baseline the step this one is a ratio of, or null
   */
  @JsonPropertyOrder({"name", "seconds", "chunks", "embedded", "chunks_per_s"})
  public record Step(String name, double seconds, int chunks, int embedded, String baseline) {
    /** Checks the figures. */
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
   * The embedding model's rate in the two halves of its step: the first half ran before
   * relearn's from-scratch run, the second after it. Far apart, the machine's load changed
   * during the run and every ratio is less certain.
   *
   * @param firstChunksPerSecond the rate before relearn's run
   * @param secondChunksPerSecond the rate after it (0 when the sample has one chunk)
   */
  public record Drift(@JsonProperty("model_first_half_chunks_per_s") double firstChunksPerSecond,
      @JsonProperty("model_second_half_chunks_per_s") double secondChunksPerSecond) {}

  /**
   * What the from-scratch run cost in memory and on disk.
   *
   * @param peakHeapBytes the sum of the heap pools' peaks during the from-scratch run (an upper
   *     bound, garbage included; see {@link MemoryFigures#peakHeapBytes})
   * @param figures the index's size (chunk index and feedback store) and the heap in use after a
   *     full GC, with the engine still open after that run
   * @param plainLuceneBytes the plain Lucene index's size
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
