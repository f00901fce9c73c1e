package dev.relearn.engine;

import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.indexer.chunk.Chunkers;
import dev.relearn.indexer.build.IndexBuilder;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.build.RemoveReport;
import dev.relearn.indexer.build.SourceRemover;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import dev.relearn.lucene.files.MergeThreads;
import dev.relearn.lucene.schema.ChunkSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.Lock;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;

/**
 * A read-write engine's incremental indexing ({@link IndexBuilder}: chunks the model reads whole,
 * vectors reused for unchanged content, renamed chunks keeping their learned values) and removal
 * of whole sources ({@link SourceRemover}). One call at a time, each holding the store's {@link
 * FeedbackStore#chunkIndexWrites() chunk-index writes lock} from its first write to its commit.
 */
final class ChunkIndexing {
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final ChunkSchema schema;
  private final EmbedderHolder embedder;

  ChunkIndexing(IndexWriter writer, SearcherManager searchers, ChunkSchema schema,
      EmbedderHolder embedder) {
    this.writer = writer;
    this.searchers = searchers;
    this.schema = schema;
    this.embedder = embedder;
  }

  /**
   * Indexes {@code path} incrementally and commits, then waits for the merges the run set off: a
   * search right after it ranks as it will after a reopen (HNSW and int8 quantisation are per
   * segment, so scores move with the segments); {@code store} keeps the learned values.
   */
  synchronized IndexReport index(Path path, SourceFormat format, Progress progress,
      FeedbackStore store) throws IOException {
    IndexBuilder builder = new IndexBuilder(writer, schema, embedder.onDemand(), progress,
        store.chunkIndexWrites(), store::renameChunks) // durable before the commit of new ids
        .withKnownLearned(store::learned); // a chunk back (or new) with feedback on its id
    store.flushLearnedFields(); // changed chunks carry over current learned values
    IndexReport report;
    try {
      report = builder.index(Sources.open(path, format,
          new Chunkers(Chunkers.DEFAULT_MAX_TOKENS, embedder.documentTokens())));
    } catch (IOException | RuntimeException | Error e) {
      try { // a run that failed may have committed part of its chunks
        searchers.maybeRefreshBlocking();
      } catch (IOException | RuntimeException noted) {
        e.addSuppressed(noted);
      }
      throw e;
    }
    if (!writer.getMergingSegments().isEmpty()) {
      progress.note("waiting for Lucene to merge segments");
    }
    MergeThreads.await(writer); // so that searches see the segments the index reopens with
    searchers.maybeRefreshBlocking();
    return report;
  }

  /**
   * Deletes every chunk whose origin is one of {@code paths}, commits and refreshes the searchers
   * under the chunk-index writes lock; with {@code dryRun}, only says what that would delete.
   */
  synchronized List<RemoveReport> remove(List<Path> paths, boolean dryRun,
      FeedbackStore store) throws IOException {
    List<String> origins = paths.stream()
        .map(path -> path.toAbsolutePath().normalize().toString()).toList();
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
    return reports;
  }
}
