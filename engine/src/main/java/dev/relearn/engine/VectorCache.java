package dev.relearn.engine;

import dev.relearn.indexer.build.LiveTextHashes;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.VectorCompaction;
import dev.relearn.indexer.embed.VectorStore;
import dev.relearn.lucene.schema.IndexMetadata;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;

/**
 * A read-write engine's document-vector cache: the {@link VectorStore} of its model in the cache
 * folder, opened on first use, and its compaction. The index's own cache ({@code vector-cache}
 * inside it) is compacted automatically after an index call once at least {@link #MIN_STALE}
 * vectors, and at least half of them, can belong to no live chunk (counted cheaply as the
 * vectors beyond the live chunk count, less those of index calls that did not finish, which an
 * automatic compaction keeps), and after a remove by the same rule; so it stays within about
 * twice what the index needs. A folder given in the options may be shared by other indexes and
 * is compacted only when asked to be. The engines of one JVM on one cache folder share its file
 * (see {@link VectorStore}); none compacts it while another's index call is under way.
 */
final class VectorCache implements Closeable {
  /** Stale vectors (about 1.5 kB each with bge-small) below which nothing is compacted. */
  static final int MIN_STALE = 1_000;

  private static final System.Logger LOG = System.getLogger(VectorCache.class.getName());

  private final Path folder;
  private final boolean shared;
  private final IndexMetadata metadata;
  private VectorStore store;

  /**
   * @param folder the cache folder
   * @param shared whether it was given explicitly, so other indexes may use it
   */
  VectorCache(Path folder, boolean shared, IndexMetadata metadata) {
    this.folder = folder;
    this.shared = shared;
    this.metadata = metadata;
  }

  /** The cache folder. */
  Path folder() {
    return folder;
  }

  /** The store, opened (and the file created) on first call. */
  VectorStore store() throws IOException {
    if (store == null) {
      store = VectorStore.open(folder, metadata.modelId(), metadata.dimension());
    }
    return store;
  }

  /**
   * Whether {@code vectors} cached, {@code unfinished} of them kept for index calls that did not
   * finish, can hold enough stale ones beside {@code liveChunks} chunks to compact. It only
   * grows with {@code vectors}, so a bound from above answers for every count below it.
   */
  static boolean worthCompacting(long vectors, long unfinished, long liveChunks) {
    long stale = vectors - unfinished - liveChunks; // each chunk needs at most one
    return stale >= MIN_STALE && 2 * stale >= vectors;
  }

  /**
   * After an index call that committed: compacts the index's own cache when {@link
   * #worthCompacting}, saying so on {@code progress}. A failure is logged and leaves the cache as
   * it was; the call has committed either way.
   */
  void afterIndex(SearcherManager searchers, Progress progress) {
    if (store != null) {
      compactIfStale(searchers, progress);
    }
  }

  /**
   * After a remove that committed: as {@link #afterIndex}, opening the store first (a remove
   * needs no vectors) when its file's size says it may be worth compacting.
   */
  void afterRemove(SearcherManager searchers) {
    compactIfStale(searchers, Progress.NONE);
  }

  private void compactIfStale(SearcherManager searchers, Progress progress) {
    if (shared) {
      return;
    }
    try {
      IndexSearcher searcher = searchers.acquire();
      try {
        IndexReader reader = searcher.getIndexReader();
        if (store == null && !worthCompacting(VectorStore.vectorsAtMost(folder,
            metadata.modelId(), metadata.dimension()), 0, reader.numDocs())) {
          return; // not even if every vector in the file were stale: left unopened
        }
        VectorStore opened = store();
        if (!opened.writable() || !opened.idle() // another engine of this JVM is indexing
            || !worthCompacting(opened.size(), opened.unfinishedVectors(), reader.numDocs())) {
          return;
        }
        long start = System.nanoTime();
        VectorCompaction done = opened.compact(LiveTextHashes.of(reader), true);
        progress.note(String.format(java.util.Locale.ROOT, "vector cache compacted in %.1f s: %s",
            (System.nanoTime() - start) / 1e9, done.summary()));
      } finally {
        searchers.release(searcher);
      }
    } catch (IOException | IllegalStateException e) { // such as an index call begun meanwhile
      LOG.log(System.Logger.Level.WARNING, "the vector cache in " + folder + " was not compacted;"
          + " it stays as it was", e);
    }
  }

  /**
   * Compacts the cache against the live chunks of {@code searchers}' index, dropping also the
   * vectors of index calls that did not finish; a shared cache only when {@code evenShared}.
   */
  VectorCacheCompaction compact(SearcherManager searchers, boolean evenShared)
      throws IOException {
    if (shared && !evenShared) {
      return new VectorCacheCompaction(folder, VectorCacheCompaction.Outcome.SHARED, null);
    }
    if (store == null && !Files.isRegularFile(VectorStore.fileIn(folder, metadata.modelId()))) {
      return new VectorCacheCompaction(folder, VectorCacheCompaction.Outcome.NO_CACHE, null);
    }
    VectorStore opened = store();
    if (!opened.writable()) {
      return new VectorCacheCompaction(folder, VectorCacheCompaction.Outcome.IN_USE, null);
    }
    searchers.maybeRefreshBlocking();
    IndexSearcher searcher = searchers.acquire();
    Set<String> live;
    try {
      live = LiveTextHashes.of(searcher.getIndexReader());
    } finally {
      searchers.release(searcher);
    }
    return new VectorCacheCompaction(folder, VectorCacheCompaction.Outcome.COMPACTED,
        opened.compact(live, false));
  }

  @Override
  public void close() throws IOException {
    if (store != null) {
      store.close();
    }
  }
}
