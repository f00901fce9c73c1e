package dev.relearn.feedback.index;

import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.files.ShieldedLockFactory;
import dev.relearn.lucene.files.StorageOpener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.NRTCachingDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Opens and closes the Lucene parts of a feedback index folder: an owner-only folder, an {@link
 * NRTCachingDirectory} (so a near-real-time refresh writes its tiny segments to memory, not
 * disk), an {@link IndexWriter} holding {@code write.lock} that never commits on close, and a
 * near-real-time {@link SearcherManager}.
 */
final class IndexFolder {
  /** Segments up to this size (MB) from a flush stay in memory until merged or committed. */
  private static final double NRT_MAX_MERGE_MB = 4.0;
  /** At most this much (MB) is kept in memory. */
  private static final double NRT_MAX_CACHED_MB = 32.0;

  /** The open parts. */
  record Opened(Directory directory, IndexWriter writer, SearcherManager searchers) {}

  private IndexFolder() {}

  /**
   * Opens or creates the index in {@code folder} (absolute, normalised).
   *
   * @throws IllegalStateException if the folder is locked, or holds vectors of another dimension
   */
  static Opened open(Path folder, int dimension, StorageOpener storage) throws IOException {
    Files.createDirectories(folder);
    OwnerOnly.restrictTree(folder);
    Directory directory = new NRTCachingDirectory(
        storage.directory(folder, ShieldedLockFactory.INSTANCE), NRT_MAX_MERGE_MB,
        NRT_MAX_CACHED_MB);
    IndexWriter writer = null;
    SearcherManager searchers = null;
    try {
      writer = openWriter(folder, directory);
      searchers = new SearcherManager(writer, true, false, null);
      requireDimension(searchers, folder, dimension);
      return new Opened(directory, writer, searchers);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, searchers, writer, directory);
      throw e;
    }
  }

  private static IndexWriter openWriter(Path folder, Directory directory) throws IOException {
    TieredMergePolicy mergePolicy = new TieredMergePolicy();
    mergePolicy.setForceMergeDeletesPctAllowed(0); // forgetting rewrites every segment it touched
    IndexWriterConfig config = new IndexWriterConfig()
        .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
        .setCommitOnClose(false)
        .setMergePolicy(mergePolicy);
    IndexWriter writer;
    try {
      writer = new IndexWriter(directory, config);
    } catch (LockObtainFailedException e) {
      throw new IllegalStateException("feedback index in use by another process: " + folder, e);
    }
    if (!DirectoryReader.indexExists(directory)) {
      writer.commit(); // an empty index, so a reopen and committedUserData() work at once
      OwnerOnly.restrictTree(folder);
    }
    return writer;
  }

  static void requireDimension(SearcherManager searchers, Path folder, int dimension)
      throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      FieldInfo info = FieldInfos.getMergedFieldInfos(searcher.getIndexReader())
          .fieldInfo(FeedbackFields.CENTROID);
      if (info != null && info.getVectorDimension() != dimension) {
        throw new IllegalStateException("feedback index " + folder + " holds query vectors of "
            + info.getVectorDimension() + " dimensions; the configuration expects " + dimension
            + ": it was recorded with another embedding model. Move the feedback folder away"
            + " (the index keeps its chunks and starts learning afresh) or open the index with"
            + " the model it was recorded with");
      }
    } finally {
      searchers.release(searcher);
    }
  }

  /** Closes the searchers, then the writer (discarding uncommitted changes), then the folder. */
  static void close(SearcherManager searchers, IndexWriter writer, Directory directory)
      throws IOException {
    IOUtils.close(searchers, writer, directory); // all are closed; the first failure is thrown
  }
}
