package dev.relearn.eval.bench;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.engine.config.RerankSettings;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Indexing and search at scale on source code, at nested slices of growing size ({@link
 * NestedSlices}): per size the build from scratch (time, heap peak), disk and hot vector files, the
 * open, an unchanged re-index, warm latency per mode beside plain Lucene ({@link
 * LatencyBenchmark}; the learned mode after a few seeded feedback events) and one edited file
 * indexed by path ({@link FileSaves}); then on the largest many
 * more feedback events ({@link FeedbackLoad}) and their cost: lookup, the store's close and open,
 * the heap. A scale run uses the hashing embedder, whose cost per chunk is negligible, so the
 * figures are relearn's and Lucene's.
 */
public final class ScaleBenchmark {
  /** Vector files a vector search reads: quantised vectors and the HNSW graph. */
  static final Set<String> HOT_VECTOR_EXTENSIONS = Set.of("veq", "veb", "vex");

  /**
   * What to run: the slices' chunk counts (ascending), measured rounds and warm-up limit per size,
   * the feedback events recorded before each size's latency run and in all on the largest (within
   * {@code feedbackTimeLimit}; the figures then take the events reached), and the feedback load's
   * seed.
   */
  public record Settings(List<Integer> sizes, int rounds, Duration warmUp, int learnedEvents,
      long feedbackEvents, Duration feedbackTimeLimit, long seed) {
    public Settings {
      sizes = List.copyOf(sizes);
      if (sizes.isEmpty() || sizes.stream().anyMatch(size -> size < 1)) {
        throw new IllegalArgumentException("sizes must be at least 1 chunk each, got: " + sizes);
      }
      for (int i = 1; i < sizes.size(); i++) {
        if (sizes.get(i) <= sizes.get(i - 1)) {
          throw new IllegalArgumentException("sizes must ascend, got: " + sizes);
        }
      }
      if (rounds < 1 || learnedEvents < 1 || feedbackEvents < learnedEvents) {
        throw new IllegalArgumentException("need rounds >= 1, learned events >= 1 and feedback"
            + " events >= learned events, got: " + rounds + ", " + learnedEvents + ", "
            + feedbackEvents);
      }
      if (warmUp.isNegative() || feedbackTimeLimit.isNegative()) {
        throw new IllegalArgumentException("durations must not be negative, got: " + warmUp
            + ", " + feedbackTimeLimit);
      }
    }
  }

  private final RelearnOptions options;
  private final Path work;
  private final Progress progress;
  private final List<String> failures = new ArrayList<>();
  private ScaleReport.Feedback feedback;

  /**
   * Benchmarks engines opened with {@code options} under {@code work}, where slices and indexes are
   * kept.
   */
  public ScaleBenchmark(RelearnOptions options, Path work, Progress progress) {
    this.options = options.withReadOnly(false);
    this.work = work;
    this.progress = progress;
  }

  /**
   * Runs every size, and the feedback load with queries of {@code pool}; each size's figures are
   * noted as soon as measured, so that a run stopped later keeps them.
   */
  public ScaleReport run(NestedSlices slices, List<String> queries, List<String> pool,
      Settings settings) throws IOException {
    List<ScaleReport.Size> sizes = new ArrayList<>();
    for (int i = 0; i < settings.sizes().size(); i++) {
      int size = settings.sizes().get(i);
      boolean last = i == settings.sizes().size() - 1;
      NestedSlices.Slice slice = slices.slice(size, work.resolve("slices").resolve("" + size));
      progress.note(String.format(Locale.ROOT, "size %,d: %,d chunks in %,d files", size,
          slice.chunks(), slice.files()));
      Path index = work.resolve("index-" + size);
      if (Files.exists(index)) {
        throw new IllegalArgumentException("index folder " + index + " exists: the benchmark"
            + " builds from scratch; delete it");
      }
      ScaleReport.Size measured = measure(slice, index, queries, pool, settings, last);
      sizes.add(measured);
      progress.note(measured.latency().table().strip()); // kept if a later size fails
      progress.note(ScaleReport.sizeLine(measured));
    }
    return new ScaleReport(slices.totalChunks(), sizes, feedback, failures,
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory());
  }

  /** One size's figures; on the {@code last}, the feedback load's too, in {@link #feedback}. */
  private ScaleReport.Size measure(NestedSlices.Slice slice, Path index, List<String> queries,
      List<String> pool, Settings settings, boolean last) throws IOException {
    double loadBefore = load();
    progress.note("indexing from scratch into " + index);
    MemoryFigures.resetPeakHeap();
    long start = System.nanoTime();
    IndexReport built;
    long peak;
    try (Relearn engine = Relearn.open(index, options)) {
      built = engine.index(slice.folder(), SourceFormat.AUTO, progress);
      peak = MemoryFigures.peakHeapBytes();
    }
    double buildSeconds = since(start);
    start = System.nanoTime();
    try (Relearn engine = Relearn.open(index, options)) {
      double openSeconds = since(start);
      long hot = hotVectorBytes(engine.directory());
      progress.note("indexing again, nothing changed");
      start = System.nanoTime();
      IndexReport again = engine.index(slice.folder(), SourceFormat.AUTO, progress);
      double unchangedSeconds = since(start);
      if (again.embedded() != 0 || again.chunks() != built.chunks()) {
        throw new IllegalStateException("the unchanged re-index embedded " + again.embedded()
            + " of " + again.chunks() + " chunks (the first run indexed " + built.chunks() + ")");
      }
      FeedbackLoad load = new FeedbackLoad(engine, pool, settings.seed());
      progress.note("recording " + settings.learnedEvents() + " feedback events for the learned"
          + " mode");
      boolean learned = true;
      try {
        load.recordUpTo(settings.learnedEvents(), settings.feedbackTimeLimit(), progress);
        engine.awaitLearning();
      } catch (RuntimeException e) { // measured without the learned mode, the failure reported
        failures.add(failure(built.chunks() + " chunks: recording feedback", e));
        learned = false;
      }
      LatencyReport latency = new LatencyBenchmark(engine, progress::note).run(
          "kernel " + built.chunks(), queries, settings.rounds(), learned, settings.warmUp());
      progress.note("saving one file " + FileSaves.SAVES + " times, each indexed by path");
      double savedFileMillis = FileSaves.medianMillis(engine, slice.folder(), settings.seed());
      ScaleReport.Size size = new ScaleReport.Size(built.chunks(), slice.files(), buildSeconds,
          peak, latency.memory().indexBytes(), hot, openSeconds, unchangedSeconds,
          savedFileMillis, latency, loadBefore, load());
      if (last && learned) {
        try {
          feedback = feedbackAtScale(engine, index, load, queries, settings);
        } catch (RuntimeException e) { // the sizes' figures stand; the failure is reported
          failures.add(failure("the feedback load", e));
        }
      }
      return size;
    }
  }

  /**
   * Records feedback up to the target, times lookups, then closes the engine and opens the store
   * again (the caller's close is then a no-op).
   */
  private ScaleReport.Feedback feedbackAtScale(Relearn engine, Path index, FeedbackLoad load,
      List<String> queries, Settings settings) throws IOException {
    progress.note(String.format(Locale.ROOT, "recording feedback up to %,d events (at most %d"
        + " min)", settings.feedbackEvents(), settings.feedbackTimeLimit().toMinutes()));
    load.recordUpTo(settings.feedbackEvents(), settings.feedbackTimeLimit(), progress);
    engine.awaitLearning();
    long events = engine.feedbackStats().ledgerEvents();
    RerankSettings rerank = engine.config().rerank();
    List<float[]> vectors = new ArrayList<>();
    for (String query : queries) {
      vectors.add(engine.embedder().embedQuery(query));
    }
    Latencies lookups = new Latencies();
    for (int round = 0; round < 2; round++) { // the first warms up
      for (float[] vector : vectors) {
        long start = System.nanoTime();
        engine.feedbackStore().similar(vector, rerank.minSimilarity(), rerank.maxPastQueries());
        if (round > 0) {
          lookups.add(System.nanoTime() - start);
        }
      }
    }
    long heap = MemoryFigures.measure(engine).heapUsedBytes();
    long start = System.nanoTime();
    engine.close();
    double closeSeconds = since(start);
    start = System.nanoTime();
    try (Relearn reopened = Relearn.open(index, options)) {
      double openSeconds = since(start);
      long replayed = reopened.feedbackStats().recovery().records();
      return new ScaleReport.Feedback(settings.feedbackEvents(), load.recorded(), events,
          load.seconds(), lookups.percentileMillis(50), lookups.percentileMillis(99),
          lookups.count(), closeSeconds, openSeconds, replayed, heap,
          MemoryFigures.measure(reopened).heapUsedBytes());
    }
  }

  /** Notes {@code e}'s stack trace on the progress and returns its one-line summary. */
  private String failure(String step, RuntimeException e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    progress.note(step + " failed: " + trace);
    return step + " failed: " + e;
  }

  /**
   * Bytes of the latest commit's {@link #HOT_VECTOR_EXTENSIONS} files in {@code folder}, compound
   * files included.
   */
  static long hotVectorBytes(Path folder) throws IOException {
    long total = 0;
    try (Directory directory = FSDirectory.open(folder)) {
      for (SegmentCommitInfo segment : SegmentInfos.readLatestCommit(directory)) {
        SegmentInfo info = segment.info;
        if (info.getUseCompoundFile()) {
          try (Directory compound = info.getCodec().compoundFormat()
              .getCompoundReader(directory, info)) {
            total += hotBytes(compound, List.of(compound.listAll()));
          }
        } else {
          total += hotBytes(directory, segment.files());
        }
      }
    }
    return total;
  }

  private static long hotBytes(Directory directory, Collection<String> files) throws IOException {
    long total = 0;
    for (String name : files) {
      if (HOT_VECTOR_EXTENSIONS.contains(name.substring(name.lastIndexOf('.') + 1))) {
        total += directory.fileLength(name);
      }
    }
    return total;
  }

  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static double since(long start) {
    return (System.nanoTime() - start) / 1e9;
  }
}
