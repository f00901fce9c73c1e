package dev.relearn.engine;

import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.indexer.build.DocumentVectors;
import dev.relearn.indexer.build.IndexBuilder;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.VectorStore;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.readers.ThrottledRefresh;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.rerank.ScoreBreakdown;
import dev.relearn.lucene.search.HybridSearcher;
import dev.relearn.lucene.weights.AdaptiveWeights;
import dev.relearn.lucene.weights.QueryClass;
import dev.relearn.lucene.weights.QueryClassifier;
import dev.relearn.lucene.search.SearchMode;
import dev.relearn.lucene.search.SearchRequest;
import dev.relearn.lucene.search.SearchResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * An open relearn index: the one embeddable entry point.
 *
 * <p>Lifecycle: {@link #open} a folder (it is created if needed), share the instance between
 * threads, and {@link #close()} it once. Searches run concurrently through a {@link
 * SearcherManager}; indexing runs one call at a time. A read-write engine holds the folder's
 * {@code write.lock} until it is closed; a second process gets {@link IndexInUseException} and can
 * open the index read-only instead. Query text is used to search and then dropped: it is never
 * written anywhere.
 */
public final class Relearn implements AutoCloseable {
  /** The feedback store's folder inside the index folder. */
  public static final String FEEDBACK_FOLDER = "feedback";
  /** How often, at most, a read-only engine looks for the writer's newer commits. */
  public static final long READ_ONLY_REFRESH_MILLIS = 200;
  /** The adaptive weights' file inside the index folder. */
  public static final String WEIGHTS_FILE = "adaptive-weights.txt";

  private final Path dir;
  private final RelearnOptions options;
  private final Directory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final ChunkSchema schema;
  private final HybridSearcher hybrid;
  private final LearnedRanking learnedRanking;
  private final EmbedderHolder embedder;
  private final RelearnConfig config;
  private final AdaptiveWeights weights;
  private final RecentFeedback recent;
  private final LookupPrefetcher prefetcher = new LookupPrefetcher();
  private final ThrottledRefresh readOnlyRefresh; // null for a read-write engine
  private EngineFeedback feedback; // set once opened
  private VectorStore vectorStore;
  private boolean closed; // guarded by this

  private Relearn(Path dir, RelearnOptions options, Directory directory, IndexWriter writer,
      SearcherManager searchers, EmbedderHolder embedder, RelearnConfig config,
      AdaptiveWeights weights, RecentFeedback recent) {
    this.dir = dir;
    this.options = options;
    this.directory = directory;
    this.writer = writer;
    this.searchers = searchers;
    this.embedder = embedder;
    this.config = config;
    this.weights = weights;
    this.recent = recent;
    this.readOnlyRefresh =
        writer == null ? new ThrottledRefresh(searchers, READ_ONLY_REFRESH_MILLIS) : null;
    this.schema = new ChunkSchema(embedder.metadata().dimension());
    this.hybrid = new HybridSearcher(schema);
    this.learnedRanking = new LearnedRanking(hybrid, config.rerank(),
        new Explorer(config.exploration()), prefetcher);
  }

  /**
   * Opens (or, read-write, creates) the index in {@code dir}.
   *
   * @throws IndexInUseException if another process holds the write lock
   * @throws IllegalStateException if the index was built with another model or schema
   * @throws IllegalArgumentException if a read-only open finds no index
   * @throws dev.relearn.engine.config.ConfigException if {@code relearn.json} or a {@code
   *     RELEARN_*} variable is invalid (the message names the file or variable, key and value)
   */
  public static Relearn open(Path dir, RelearnOptions options) throws IOException {
    Path folder = dir.toAbsolutePath().normalize();
    if (options.readOnly() && !Files.isDirectory(folder)) {
      throw new IllegalArgumentException("no relearn index at " + folder + " (no such folder);"
          + " create one with: relearn index --index " + folder + " PATH");
    }
    Files.createDirectories(folder);
    Directory directory = FSDirectory.open(folder);
    try {
      IndexMetadata existing = ChunkIndexFolder.existingMetadata(directory);
      EmbedderHolder embedder = EmbedderHolder.resolve(existing, options, folder.toString());
      if (existing != null) {
        existing.requireCompatible(embedder.metadata(), folder.toString());
      }
      RelearnConfig config = ConfigLoader.load(folder);
      AdaptiveWeights weights = AdaptiveWeights.loadIfExists(folder.resolve(WEIGHTS_FILE),
          config.weights());
      RecentFeedback recent = RecentFeedback.open(folder, !options.readOnly());
      if (options.readOnly()) {
        if (existing == null) {
          throw new IllegalArgumentException("no relearn index at " + folder
              + "; create one with: relearn index --index " + folder + " PATH");
        }
        Relearn readOnly = new Relearn(folder, options, directory, null,
            ChunkIndexFolder.searchers(directory), embedder, config, weights, recent);
        readOnly.openFeedback(() -> EngineFeedback.readOnly(folder, embedder.metadata()));
        return readOnly;
      }
      IndexWriter writer = ChunkIndexFolder.openWriter(folder, directory, embedder.metadata());
      Relearn relearn = new Relearn(folder, options, directory, writer,
          ChunkIndexFolder.searchers(writer), embedder, config, weights, recent);
      relearn.openFeedback(
          () -> EngineFeedback.writable(relearn, options, writer, relearn.searchers, recent));
      return relearn;
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }

  /** Opens the feedback half, or closes this engine and rethrows if that fails. */
  private void openFeedback(FeedbackOpener opener) throws IOException {
    try {
      feedback = opener.open();
    } catch (IOException | RuntimeException e) {
      closeAfter(e);
      throw e;
    }
  }

  @FunctionalInterface
  private interface FeedbackOpener {
    EngineFeedback open() throws IOException;
  }

  /** Closes this engine after {@code e} stopped its opening, keeping any failure to close. */
  private void closeAfter(Exception e) {
    try {
      close();
    } catch (IOException | RuntimeException closing) {
      e.addSuppressed(closing);
    }
  }

  /**
   * Indexes a folder, file, JSONL file or BEIR corpus incrementally and commits.
   *
   * @throws IllegalArgumentException for a missing path or a folder with nothing to index
   * @throws IllegalStateException if the engine is read-only
   */
  public synchronized IndexReport index(Path path, SourceFormat format, Progress progress)
      throws IOException {
    requireWritable();
    Embedder model = embedder.get();
    if (vectorStore == null) {
      Path cacheDir = options.vectorCacheDir() != null
          ? options.vectorCacheDir() : dir.resolve("vector-cache");
      vectorStore = VectorStore.open(cacheDir, model.modelId(), model.dimension());
    }
    IndexBuilder builder = new IndexBuilder(writer, schema,
        new DocumentVectors(model, vectorStore), progress);
    feedback.store().flushLearnedFields(); // changed chunks carry over current learned values
    IndexReport report = builder.index(Sources.open(path, format));
    searchers.maybeRefreshBlocking();
    feedback.store().renameChunks(report.renamed());
    return report;
  }

  /** Runs a first-stage search. Thread-safe. */
  public SearchResults search(SearchRequest request) throws IOException {
    float[] vector = null;
    if (request.mode().needsVector()) {
      Embedder model = embedder.get();
      vector = VectorChecks.requireUnitVector(model.embedQuery(request.text()),
          model.dimension(), model.modelId());
    }
    return search(request, vector, null);
  }

  /**
   * A {@code learned} search with each hit's score breakdown: every feature's value, weight and
   * contribution, and the evidence behind the boost. The breakdowns follow the hits' order.
   */
  public ExplainedResults explain(SearchRequest request) throws IOException {
    SearchRequest learned = request.withMode(SearchMode.LEARNED);
    Embedder model = embedder.get();
    float[] vector = VectorChecks.requireUnitVector(model.embedQuery(learned.text()),
        model.dimension(), model.modelId());
    List<ScoreBreakdown> explanations = new ArrayList<>();
    return new ExplainedResults(search(learned, vector, explanations), explanations);
  }

  private SearchResults search(SearchRequest request, float[] vector,
      List<ScoreBreakdown> explanations) throws IOException {
    if (readOnlyRefresh != null) {
      readOnlyRefresh.maybeRefresh(); // see the writer's newer commits, never blocking
    }
    IndexSearcher searcher = searchers.acquire();
    try {
      if (request.mode() == SearchMode.LEARNED) {
        return learnedRanking.search(searcher, request, vector, sources(),
            model(request.text()), explanations);
      }
      return hybrid.load(searcher, request, hybrid.candidates(searcher, request, vector),
          sources().learned());
    } finally {
      searchers.release(searcher);
    }
  }

  /** Where learned searches find similar past queries and learned values. */
  private LearningSources sources() {
    return feedback.sources();
  }

  /** The ranking model for a query: the base model with the weights of the query's class. */
  LinearModel model(String queryText) {
    return config.model().withWeights(weights.weights(QueryClassifier.classify(queryText)));
  }

  /** Every candidate of a learned search for {@code request}, with its features. */
  List<RescoredHit> learnedWindow(SearchRequest request, float[] vector) throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      return learnedRanking.window(searcher, request.withMode(SearchMode.LEARNED), vector,
          sources(), model(request.text()));
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * The newest {@code limit} pieces of feedback, newest first, by class and time only: no query
   * text, session or chunk id. At most the last 500 are kept, across restarts.
   */
  public List<FeedbackSummary> recentFeedback(int limit) {
    return recent.newest(limit);
  }

  /**
   * Records feedback: the query text is embedded here and dropped; the event is durable before
   * this returns. Thread-safe; never blocks searches.
   *
   * @throws IllegalStateException if the engine is read-only
   */
  public FeedbackAck feedback(FeedbackRequest request) throws IOException {
    requireWritable();
    return feedback.record(request);
  }

  /** The feedback store, for similar-query lookups and maintenance; null when read-only. */
  public FeedbackStore feedbackStore() {
    return feedback == null ? null : feedback.store();
  }

  /**
   * The ranking weights over (bm25, vector, learned) per query class, learned from explicit
   * ratings. Live and thread-safe: read them for statistics, history and charts.
   */
  public AdaptiveWeights weights() {
    return weights;
  }

  /**
   * Forgets what ratings taught the weights: of {@code queryClass}, or of every class when it is
   * null. The change is saved at once.
   *
   * @throws IllegalStateException if the engine is read-only
   */
  public void resetWeights(QueryClass queryClass) throws IOException {
    requireWritable();
    if (queryClass == null) {
      weights.resetAll();
    } else {
      weights.reset(queryClass);
    }
    weights.save(dir.resolve(WEIGHTS_FILE));
  }

  /**
   * Seeds the weights from a file of historical ratings (format in {@link AdaptiveWeights}: one
   * {@code class,rating,c_bm25,c_vector,c_learned[,millis]} per line) and saves them. The whole
   * file is checked first: a bad line changes nothing.
   *
   * @return the number of ratings applied
   * @throws dev.relearn.lucene.weights.WeightsFileException naming the bad line
   * @throws IllegalStateException if the engine is read-only
   */
  public int seedWeights(Path historicalRatings) throws IOException {
    requireWritable();
    int applied = weights.seed(historicalRatings);
    weights.save(dir.resolve(WEIGHTS_FILE));
    return applied;
  }

  /** The class of {@code queryText} that weights are kept for; the text itself is not kept. */
  public static QueryClass queryClass(String queryText) {
    return QueryClassifier.classify(queryText);
  }

  /** Counts and sizes of what the index holds. */
  public IndexStats stats() throws IOException {
    return StatsReader.read(dir, directory, searchers, embedder.metadata());
  }

  /**
   * The ranking configuration: the index folder's {@code relearn.json} (defaults when there is
   * none) with {@code RELEARN_*} environment overrides, as read when the engine was opened.
   */
  public RelearnConfig config() {
    return config;
  }

  /** The index folder. */
  public Path directory() {
    return dir;
  }

  /** The model id, dimension and schema version of this index. */
  public IndexMetadata metadata() {
    return embedder.metadata();
  }

  /** Whether this engine was opened read-only. */
  public boolean readOnly() {
    return writer == null;
  }

  /** The embedder this engine uses (created on first call). */
  public Embedder embedder() {
    return embedder.get();
  }

  private void requireWritable() {
    if (writer == null) {
      throw new IllegalStateException("index " + dir + " is open read-only");
    }
  }

  /** Commits nothing new (every index call has committed), releases the lock and the model. */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return; // idempotent, as AutoCloseable recommends
    }
    closed = true;
    try (Directory d = directory; EmbedderHolder e = embedder;
        LookupPrefetcher p = prefetcher) {
      if (feedback != null) {
        feedback.close();
        feedback = null;
      }
      searchers.close();
      if (writer != null) {
        writer.close();
      }
      if (vectorStore != null) {
        vectorStore.close();
      }
    }
  }

}
