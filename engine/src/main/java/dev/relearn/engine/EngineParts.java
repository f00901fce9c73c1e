package dev.relearn.engine;

import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;

/**
 * What an open {@link Relearn} is made of, as {@link EngineOpener} put it together: the index
 * folder and its Lucene directory, the chunk index's writer (null for a read-only engine) and
 * searchers, the embedder, the configuration, adaptive weights and recent feedback, the search
 * and indexing halves built on them ({@link EngineSearches}, {@link ChunkIndexing}) and, attached
 * once the engine exists, the feedback half ({@link EngineFeedback}). It tells what stopped a
 * writer for good and closes everything in order. The engine's {@link CallGate} keeps its calls
 * and {@link #close()} apart.
 */
final class EngineParts implements Closeable {
  private final Path dir;
  private final Directory directory;
  private final IndexWriter writer; // null for a read-only engine
  private final SearcherManager searchers;
  private final EmbedderHolder embedder;
  private final RelearnConfig config;
  private final SavedWeights weights;
  private final RecentFeedback recent;
  private final EngineSearches searches;
  private final ChunkIndexing indexing;
  private EngineFeedback feedback; // set once opened

  /** Builds the search and indexing halves on the parts {@link EngineOpener} opened. */
  EngineParts(Path dir, RelearnOptions options, Directory directory, IndexWriter writer,
      SearcherManager searchers, EmbedderHolder embedder, RelearnConfig config,
      SavedWeights weights, RecentFeedback recent) {
    this.dir = dir;
    this.directory = directory;
    this.writer = writer;
    this.searchers = searchers;
    this.embedder = embedder;
    this.config = config;
    this.weights = weights;
    this.recent = recent;
    ChunkSchema schema = new ChunkSchema(embedder.metadata().dimension());
    this.searches = new EngineSearches(schema, searchers, writer == null, config,
        weights.weights(), () -> feedback.sources());
    this.indexing = new ChunkIndexing(dir, options, writer, searchers, schema, embedder);
  }

  /** Sets the feedback half, which {@link EngineOpener} opens once the engine exists. */
  void attachFeedback(EngineFeedback opened) {
    feedback = opened;
  }

  /** The index folder. */
  Path dir() {
    return dir;
  }

  /** Whether the engine was opened read-only (it has no writer). */
  boolean readOnly() {
    return writer == null;
  }

  EmbedderHolder embedder() {
    return embedder;
  }

  RelearnConfig config() {
    return config;
  }

  SavedWeights weights() {
    return weights;
  }

  RecentFeedback recent() {
    return recent;
  }

  EngineSearches searches() {
    return searches;
  }

  ChunkIndexing indexing() {
    return indexing;
  }

  /** The feedback half; null before it is attached and after {@link #close()}. */
  EngineFeedback feedback() {
    return feedback;
  }

  /** The feedback store; null when read-only, before the feedback half is attached or closed. */
  FeedbackStore store() {
    return feedback == null ? null : feedback.store();
  }

  /** Counts and sizes of what the index holds (read-only: as of the writer's recent commit). */
  IndexStats stats() throws IOException {
    searches.followWriter();
    return StatsReader.read(dir, directory, searchers, embedder.metadata(),
        indexing.vectorCacheDir());
  }

  /**
   * Live chunks in the current searcher (read-only: as of the writer's recent commit): a count
   * the reader keeps, so no document is read.
   */
  int chunks() throws IOException {
    searches.followWriter();
    IndexSearcher searcher = searchers.acquire();
    try {
      return searcher.getIndexReader().numDocs();
    } finally {
      searchers.release(searcher);
    }
  }

  /**
   * Whether writes can go through: read-write, the chunk index's writer still open (an
   * interrupted thread can cost it its files) and neither writer stopped after a failure.
   */
  boolean writable() {
    return writer != null && writer.isOpen() && tragicException() == null;
  }

  /** What stopped the chunk index's or the feedback store's writer for good, or null. */
  Throwable tragicException() {
    Throwable chunks = writer == null ? null : writer.getTragicException();
    FeedbackStore store = store();
    return chunks != null || store == null ? chunks : store.tragicException();
  }

  /**
   * Closes the feedback half, the searchers, the writer (releasing the write lock), the vector
   * store, the search threads, the model and the directory, in that order.
   */
  @Override
  public void close() throws IOException {
    try (Directory d = directory; EmbedderHolder e = embedder; EngineSearches s = searches) {
      if (feedback != null) {
        feedback.close();
        feedback = null;
      }
      searchers.close();
      if (writer != null) {
        writer.close();
      }
      indexing.close();
    }
  }
}
