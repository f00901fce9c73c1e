package dev.relearn.eval.bench;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures indexing speed in one run, in new folders under a work folder, on a sample of a BEIR
 * corpus: (1) the embedding model alone on exactly the chunk texts relearn's indexer makes of it,
 * one at a time (the floor), in two halves around step 3 so that a drifting load slows both alike
 * ({@link IndexingReport.Drift}); (2) plain Lucene with those vectors ({@link
 * PlainLuceneIndexing}); (3) {@code relearn index} from scratch (open, index, close) as a ratio of
 * step 1; (4) {@code relearn index} again unchanged, then after some documents changed, as ratios
 * of step 3. Each relearn run opens its own engine, so each loads the model; memory is measured
 * after step 3. Every step must go through the same chunks and re-runs embed only what changed, or
 * the run fails.
 */
public final class IndexingBenchmark {
  private final RelearnOptions options;
  private final Path work;
  private final Progress progress;

  /**
   * Benchmarks engines opened with {@code options} under {@code work}, which must be empty or
   * missing; steps are announced as notes on {@code progress}.
   */
  public IndexingBenchmark(RelearnOptions options, Path work, Progress progress)
      throws IOException {
    if (Files.isDirectory(work)) {
      try (var entries = Files.list(work)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException("work folder " + work + " is not empty; the"
              + " benchmark needs new folders");
        }
      }
    } else if (Files.exists(work)) {
      throw new IllegalArgumentException("work folder " + work + " is a file");
    }
    this.options = options.withReadOnly(false);
    this.work = work;
    this.progress = progress;
  }

  /**
   * Runs every step on {@code sample}, {@code changedDocs} documents (chosen with {@code seed})
   * edited before the incremental run.
   */
  public IndexingReport run(String dataset, CorpusSample sample, int changedDocs, long seed)
      throws IOException {
    double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    CorpusSample edited = sample.withEdits(changedDocs, seed); // checks changedDocs first
    Path corpus = sample.writeTo(work.resolve("sample"));
    Map<String, Chunk> chunks = chunksOf(corpus);
    if (chunks.isEmpty()) {
      throw new IllegalArgumentException("the " + sample.size() + " documents sampled from "
          + sample.corpusFile() + " make no chunk: is every line of it malformed?");
    }
    List<String> ids = List.copyOf(chunks.keySet());
    List<String> texts = chunks.values().stream().map(Chunk::searchableText).toList();
    List<IndexingReport.Step> steps = new ArrayList<>();

    int half = (texts.size() + 1) / 2;
    progress.note("1/5: the embedding model alone on the first " + half + " of " + texts.size()
        + " chunks");
    List<float[]> vectors = new ArrayList<>(texts.size());
    ModelRun first = embedAlone(texts.subList(0, half), vectors);
    steps.add(new IndexingReport.Step(IndexingReport.MODEL_LOAD, first.loadSeconds(), 0, 0,
        null));

    progress.note("2/5: relearn index from scratch");
    Path index = work.resolve("relearn");
    Scratch scratch = fromScratch(index, corpus, texts.size());

    progress.note("3/5: the embedding model alone on the other " + (texts.size() - half)
        + " chunks, then plain Lucene with every vector");
    ModelRun second = embedAlone(texts.subList(half, texts.size()), vectors);
    steps.add(new IndexingReport.Step(IndexingReport.MODEL, first.seconds() + second.seconds(),
        texts.size(), texts.size(), null));
    IndexingReport.Drift drift = new IndexingReport.Drift(first.rate(), second.rate());
    PlainLuceneIndexing.Result lucene = PlainLuceneIndexing.write(work.resolve("plain-lucene"),
        ids, texts, vectors);
    steps.add(new IndexingReport.Step(IndexingReport.LUCENE, lucene.nanos() / 1e9,
        lucene.documents(), 0, null));
    steps.add(scratch.step());
    IndexingReport.Memory memory = new IndexingReport.Memory(scratch.peakHeapBytes(),
        scratch.figures(), lucene.bytes());

    progress.note("4/5: relearn index again, nothing changed");
    steps.add(timedIndex(IndexingReport.UNCHANGED, index, corpus, texts.size(), 0));

    progress.note("5/5: relearn index again, " + changedDocs + " documents changed");
    edited.writeTo(corpus);
    int changedChunks = changedChunks(chunks, chunksOf(corpus));
    steps.add(timedIndex(IndexingReport.INCREMENTAL, index, corpus, texts.size(), changedChunks));

    double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return new IndexingReport(dataset, sample.corpusDocs(), new IndexingReport.Sample(
        sample.size(), seed, texts.size(), changedDocs), first.model(), steps, drift, memory,
        loadBefore, loadAfter, Runtime.getRuntime().availableProcessors());
  }

  private record ModelRun(String model, double loadSeconds, int texts, double seconds) {
    /** Texts per second, or 0 without texts. */
    double rate() {
      return texts == 0 ? 0 : texts / seconds;
    }
  }

  /**
   * Embeds {@code texts} into {@code vectors} one at a time with the model of a scratch engine,
   * closed before the next step so that its model does not compete with relearn's.
   */
  private ModelRun embedAlone(List<String> texts, List<float[]> vectors) throws IOException {
    try (Relearn scratch = Relearn.open(work.resolve("model-alone"), options)) {
      long start = System.nanoTime();
      Embedder embedder = scratch.embedder(); // created here: the model loads
      double load = since(start);
      progress.start("embedding (model alone)", texts.size());
      start = System.nanoTime();
      for (int i = 0; i < texts.size(); i++) {
        vectors.add(embedder.embedDocument(texts.get(i)));
        progress.advance(i + 1);
      }
      double seconds = since(start);
      progress.finish();
      return new ModelRun(embedder.modelId() + ", " + options.embedThreads()
          + " embedding threads", load, texts.size(), seconds);
    }
  }

  private record Scratch(IndexingReport.Step step, long peakHeapBytes, MemoryFigures figures) {}

  /**
   * {@code relearn index} of {@code corpus} into the new {@code index}, timed; heap peak and {@link
   * MemoryFigures} taken (untimed) before the close.
   */
  private Scratch fromScratch(Path index, Path corpus, int chunks) throws IOException {
    MemoryFigures.resetPeakHeap();
    long start = System.nanoTime();
    Relearn engine = Relearn.open(index, options);
    IndexReport report;
    long peak;
    MemoryFigures figures;
    double seconds;
    try {
      report = engine.index(corpus, SourceFormat.BEIR, progress);
      seconds = since(start);
      peak = MemoryFigures.peakHeapBytes();
      figures = MemoryFigures.measure(engine);
    } finally {
      start = System.nanoTime();
      engine.close();
    }
    seconds += since(start);
    return new Scratch(step(IndexingReport.SCRATCH, seconds, report, chunks, chunks,
        IndexingReport.MODEL), peak, figures);
  }

  /** Opens, indexes {@code corpus} into {@code index} and closes, timed. */
  private IndexingReport.Step timedIndex(String name, Path index, Path corpus, int chunks,
      int toEmbed) throws IOException {
    long start = System.nanoTime();
    IndexReport report;
    try (Relearn engine = Relearn.open(index, options)) {
      report = engine.index(corpus, SourceFormat.BEIR, progress);
    }
    return step(name, since(start), report, chunks, toEmbed, IndexingReport.SCRATCH);
  }

  /** The step of {@code report}, checked to have done what the benchmark expects. */
  private static IndexingReport.Step step(String name, double seconds, IndexReport report,
      int chunks, int toEmbed, String baseline) {
    if (report.chunks() != chunks || report.embedded() != toEmbed) {
      throw new IllegalStateException(name + ": expected " + chunks + " chunks with " + toEmbed
          + " to embed, but the run reported " + report.summary());
    }
    return new IndexingReport.Step(name, seconds, report.chunks(), report.embedded(), baseline);
  }

  /**
   * The chunks the indexer makes of the BEIR corpus in {@code folder}, by id (first of a repeated
   * id).
   */
  static Map<String, Chunk> chunksOf(Path folder) throws IOException {
    Map<String, Chunk> chunks = new LinkedHashMap<>();
    Sources.open(folder, SourceFormat.BEIR).read(chunk -> chunks.putIfAbsent(chunk.id(), chunk),
        problem -> { }); // the same problems in every run; each run's report counts them
    return chunks;
  }

  private static int changedChunks(Map<String, Chunk> before, Map<String, Chunk> after) {
    int changed = 0;
    for (Chunk chunk : after.values()) {
      Chunk old = before.get(chunk.id());
      if (old == null || !old.searchableText().equals(chunk.searchableText())) {
        changed++;
      }
    }
    return changed;
  }

  private static double since(long start) {
    return (System.nanoTime() - start) / 1e9;
  }
}
