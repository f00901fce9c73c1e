package dev.relearn.engine;

import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.IOUtils;

/**
 * Opens the Lucene chunk index in an engine's folder: the writer (with the learned fields'
 * overlays, the vector encoding's codec, the metadata in every commit, the lock's {@link
 * LockHolder}) and searchers that score with relearn's similarity.
 */
final class ChunkIndexFolder {
  private ChunkIndexFolder() {}

  /** Searchers over the writer's near-real-time readers. */
  static SearcherManager searchers(IndexWriter writer) throws IOException {
    return new SearcherManager(writer, SEARCHERS);
  }

  /** Searchers over the directory's commits, for a read-only engine. */
  static SearcherManager searchers(Directory directory) throws IOException {
    return new SearcherManager(directory, SEARCHERS);
  }

  /**
   * Opens (creating, and committing empty to record its model) the index writer in {@code
   * folder}, {@link LockHolder} recording {@code lockHolder}.
   *
   * @throws IndexInUseException if another process holds the write lock (naming it when it can)
   */
  static IndexWriter openWriter(Path folder, Directory directory, IndexMetadata metadata,
      String lockHolder) throws IOException {
    ChunkSchema schema = new ChunkSchema(metadata.dimension());
    IndexWriterConfig config = LearnedFieldUpdater.withOverlays(
        new IndexWriterConfig(schema.indexAnalyzer())
            .setCodec(metadata.vectorEncoding().codec())
            .setSimilarity(ChunkSchema.similarity())
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND));
    IndexWriter writer;
    try {
      writer = new IndexWriter(directory, config);
    } catch (LockObtainFailedException e) {
      throw inUse(folder, e);
    }
    try {
      LockHolder.record(folder, lockHolder);
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, writer);
      throw e;
    }
    IndexMetadata committed = IndexMetadata.read(directory); // read under the write lock
    if (!metadata.equals(committed)) {
      // Lucene carries the last commit's user data forward; setting it counts as a change
      writer.setLiveCommitData(metadata.toUserData().entrySet());
    }
    if (committed == null) {
      writer.commit();
    }
    return writer;
  }

  /** The refusal, naming the lock's holder when it can be told. */
  private static IndexInUseException inUse(Path folder, LockObtainFailedException cause) {
    IndexHolder holder = null;
    IOException unreadable = null;
    try {
      holder = LockHolder.describe(folder);
    } catch (IOException e) {
      unreadable = e;
    }
    IndexInUseException refusal = new IndexInUseException(folder, holder, cause);
    if (unreadable != null) {
      refusal.addSuppressed(unreadable);
    }
    return refusal;
  }

  private static final SearcherFactory SEARCHERS = new SearcherFactory() {
    @Override
    public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
      IndexSearcher searcher = new IndexSearcher(reader);
      searcher.setSimilarity(ChunkSchema.similarity());
      return searcher;
    }
  };
}
