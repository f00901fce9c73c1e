package dev.relearn.engine;

import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.indexer.build.DocumentVectors;
import dev.relearn.indexer.build.IndexBuilder;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.build.RemoveReport;
import dev.relearn.indexer.build.SourceRemover;
import dev.relearn.indexer.embed.VectorStore;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.Lock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;

/**
 * A read-write engine's incremental indexing: {@link IndexBuilder} with document vectors from
 * the persistent {@link VectorStore} (opened on first use, in {@code vector-cache} unless the
 * options name another folder; {@link VectorCache}) or the model, the feedback store told which
 * chunks were renamed (before the commit holding their new ids), so that they keep their learned
 * values, then the searchers refreshed and the index's own vector cache compacted when it holds
 * enough stale vectors; and removing whole sources ({@link SourceRemover}), after which the cache
 * is compacted by the same rule. One call at a time; each holds the feedback store's {@link
 * FeedbackStore#chunkIndexWrites() chunk-index writes lock} from its first write to its commit.
 */
final class ChunkIndexing implements Closeable {
  /** The document-vector cache's folder inside the index folder, unless the options name one. */
  static final String VECTOR_CACHE = "vector-cache";

  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final ChunkSchema schema;
  private final EmbedderHolder embedder;
  private final VectorCache vectorCache;

  ChunkIndexing(Path dir, RelearnOptions options, IndexWriter writer, SearcherManager searchers,
      ChunkSchema schema, EmbedderHolder embedder) {
    this.writer = writer;
    this.searchers = searchers;
    this.schema = schema;
    this.embedder = embedder;
    boolean given = options.vectorCacheDir() != null; // and so possibly shared
    this.vectorCache = new VectorCache(given ? options.vectorCacheDir()
        : dir.resolve(VECTOR_CACHE), given, embedder.metadata());
  }

  /** The document-vector cache's folder: the options', else {@code vector-cache} in the index. */
  Path vectorCacheDir() {
    return vectorCache.folder();
  }

  /** Indexes {@code path} incrementally and commits; {@code store} keeps the learned values. */
  IndexReport index(Path path, SourceFormat format, Progress progress, FeedbackStore store)
      throws IOException {
    VectorStore vectors = vectorCache.store();
    IndexBuilder builder = new IndexBuilder(writer, schema,
        new DocumentVectors(embedder.onDemand(), vectors), progress, store.chunkIndexWrites(),
        store::renameChunks); // durable before the commit holding the new ids
    store.flushLearnedFields(); // changed chunks carry over current learned values
    vectors.beginCall();
    IndexReport report;
    try {
      report = builder.index(Sources.open(path, format));
    } catch (IOException | RuntimeException | Error e) {
      try { // its vectors stay noted as unfinished, for its next run
        vectors.callFailed();
        searchers.maybeRefreshBlocking(); // a run stopped by its progress may have committed
      } catch (IOException | RuntimeException noted) {
        e.addSuppressed(noted);
      }
      throw e;
    }
    vectors.callCommitted();
    searchers.maybeRefreshBlocking();
    vectorCache.afterIndex(searchers, progress);
    return report;
  }

  /**
   * Compacts the document-vector cache against the index's live chunks: the index's own, or
   * with {@code evenShared} also a folder the options name, which other indexes may share.
   */
  VectorCacheCompaction compactVectorCache(boolean evenShared) throws IOException {
    return vectorCache.compact(searchers, evenShared);
  }

  /**
   * Deletes every chunk of {@code origins}, commits and refreshes the searchers, holding the
   * store's chunk-index writes lock meanwhile (no checkpoint commits or shows part of it); or,
   * with {@code dryRun}, only says what that would delete (from the current searcher: no writer
   * needed). The feedback store is left as it is, as when re-indexing deletes the chunks of
   * removed files. The index's own vector cache is then compacted as after an index call.
   */
  List<RemoveReport> remove(List<String> origins, boolean dryRun, FeedbackStore store)
      throws IOException {
    if (dryRun) {
      IndexSearcher searcher = searchers.acquire();
      try {
        return SourceRemover.plan(searcher.getIndexReader(), origins);
      } finally {
        searchers.release(searcher);
      }
    }
    Lock writes = store.chunkIndexWrites();
    List<RemoveReport> reports;
    writes.lock();
    try {
      reports = SourceRemover.remove(writer, origins);
      searchers.maybeRefreshBlocking();
    } finally {
      writes.unlock();
    }
    vectorCache.afterRemove(searchers);
    return reports;
  }

  /** Closes the vector store if it was opened. */
  @Override
  public void close() throws IOException {
    vectorCache.close();
  }
}
