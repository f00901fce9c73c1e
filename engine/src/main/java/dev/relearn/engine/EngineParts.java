package dev.relearn.engine;

import dev.relearn.engine.config.RelearnConfig;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.lucene.files.MergeThreads;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;

/**
 * What an open {@link Relearn} is made of ({@link EngineOpener}): the folder and its Lucene
 * directory, the chunk index's writer (null read-only) and searchers, the embedder, the
 * configuration and weights, the search and indexing halves on them and, attached once the engine
 * exists, the feedback half. It tells what stopped a writer and closes everything in order; a
 * {@link #successor} replaces stopped Lucene and feedback parts, keeping the rest.
 */
final class EngineParts implements Closeable {
  private static final System.Logger LOG = System.getLogger(EngineParts.class.getName());

  private final Path dir;
  private final RelearnOptions options;
  private final StorageOpener storage;
  private final Directory directory;
  private final IndexWriter writer; // null for a read-only engine
  private final SearcherManager searchers;
  private final EmbedderHolder embedder;
  private final RelearnConfig config;
  private final SavedWeights weights;
  private final EngineSearches searches;
  private final ChunkIndexing indexing;
  private EngineFeedback feedback; // set once opened
  private volatile boolean storageClosed;

  /** @param storage what {@code directory} and the feedback store's files are opened with */
  EngineParts(Path dir, RelearnOptions options, StorageOpener storage, Directory directory,
      IndexWriter writer, SearcherManager searchers, EmbedderHolder embedder,
      RelearnConfig config, SavedWeights weights) {
    this.dir = dir;
    this.options = options;
    this.storage = storage;
    this.directory = directory;
    this.writer = writer;
    this.searchers = searchers;
    this.embedder = embedder;
    this.config = config;
    this.weights = weights;
    ChunkSchema schema = new ChunkSchema(embedder.metadata().dimension());
    this.searches = new EngineSearches(schema, searchers, writer == null, config,
        weights.weights(), () -> feedback.sources());
    this.indexing = new ChunkIndexing(writer, searchers, schema, embedder);
  }

  /**
   * New parts over newly opened Lucene parts ({@code writer} null: a read-only stand-in for
   * writers that could not be reopened), keeping the rest; the feedback half is attached next.
   */
  EngineParts successor(Directory directory, IndexWriter writer, SearcherManager searchers) {
    return new EngineParts(dir, options, storage, directory, writer, searchers, embedder, config,
        weights);
  }

  /** The chunk index's writer; null for a read-only engine. */
  IndexWriter writer() {
    return writer;
  }

  SearcherManager searchers() {
    return searchers;
  }

  RelearnOptions options() {
    return options;
  }

  StorageOpener storage() {
    return storage;
  }

  /** Opens the feedback half of {@code engine}, once it exists, over these parts. */
  void openFeedback(Relearn engine) throws IOException {
    feedback = EngineFeedback.open(engine, this);
  }

  Path dir() {
    return dir;
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

  /** The weights, read-only as the writer last saved them ({@link Relearn#weights()}). */
  AdaptiveWeights followedWeights() {
    EngineFeedback half = feedback();
    if (half != null) {
      try {
        half.followWriter();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return weights.weights();
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

  /** Waits for the background merges, so that one a failure broke has stopped its writer. */
  void awaitMerges() {
    if (writer != null) {
      MergeThreads.await(writer);
    }
    FeedbackStore store = store();
    if (store != null) {
      store.awaitMerges();
    }
  }

  /** Counts and sizes of what the index holds (read-only: as of the writer's recent commit). */
  IndexStats stats() throws IOException {
    searches.followWriter();
    return StatsReader.read(dir, directory, searchers, embedder.metadata());
  }

  /** Live chunks (read-only: as of the writer's recent commit), as the reader counts them. */
  int chunks() throws IOException {
    searches.followWriter();
    IndexSearcher searcher = searchers.acquire();
    try {
      return searcher.getIndexReader().numDocs();
    } finally {
      searchers.release(searcher);
    }
  }

  /** Whether writes can go through: read-write, and no writer closed or stopped. */
  boolean writable() {
    return writer != null && writer.isOpen() && tragicException() == null;
  }

  /** What stopped the chunk index's writer or the feedback store for good, or null. */
  Throwable tragicException() {
    if (writer == null) {
      return null;
    }
    Throwable chunks = writer.getTragicException();
    if (chunks == null && !writer.isOpen() && !storageClosed) {
      chunks = new IOException("the chunk index's writer is closed (an index or remove call"
          + " that fails amid its writes rolls it back to the last commit, which closes it)");
    }
    FeedbackStore store = store();
    return chunks != null || store == null ? chunks : store.failure();
  }

  /**
   * Whether a read-write engine's parts must be replaced: a writer stopped or closed, or these
   * are the read-only stand-in for writers that could not be reopened.
   */
  boolean stopped() {
    return !options.readOnly() && (writer == null // a read-only stand-in for stopped writers
        || storageClosed || !writer.isOpen() || tragicException() != null);
  }

  /**
   * Closes all but what a {@link #successor} keeps, each even when one before it failed (the
   * first failure is thrown, the others suppressed). Calling it again does nothing.
   */
  void closeStorage() throws IOException {
    if (storageClosed) {
      return;
    }
    storageClosed = true;
    EngineFeedback opened = feedback;
    feedback = null;
    IOUtils.close(opened, searchers, writer, directory);
  }

  /**
   * Closes parts whose writers stopped: rolls the chunk index's writer back to its last commit
   * (the successor's store rewrites the learned fields), then the rest. Failures are logged: they
   * follow from the one that stopped them, which its call reported.
   */
  void closeStopped() {
    try {
      if (writer != null) {
        writer.rollback();
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "rolling back the stopped writer of " + dir
          + " failed", e);
    } finally { // an Error too: the write locks are let go
      try {
        closeStorage();
      } catch (IOException | RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "closing the stopped writers of " + dir + " failed;"
            + " the next open starts from the last commits and replays the feedback log", e);
      }
    }
  }

  /** Closes the parts ({@link #closeStorage()}, or {@link #closeStopped()}), then the model. */
  @Override
  public void close() throws IOException {
    try (EmbedderHolder e = embedder) {
      if (stopped()) {
        closeStopped();
      } else {
        closeStorage();
      }
    }
  }
}
