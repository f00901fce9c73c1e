package dev.relearn.feedback.index;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.readers.ThrottledRefresh;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Similar-query lookups over a cluster index another process writes: read-only, no lock, the
 * last commit, refreshed at most every {@link #REFRESH_MILLIS} ms (never blocking) so that the
 * writer's checkpoints show up. Lets a read-only engine rank with what past queries taught.
 * Thread-safe.
 */
public final class ClusterReader implements FeedbackLookup, Closeable {
  /** How often, at most, a lookup looks for a newer commit. */
  public static final long REFRESH_MILLIS = 200;

  private final Directory directory;
  private final SearcherManager searchers;
  private final ClusterLookup lookup;
  private final ThrottledRefresh refresh;

  private ClusterReader(Path folder, Directory directory, SearcherManager searchers,
      FeedbackIndexConfig config) {
    this.directory = directory;
    this.searchers = searchers;
    this.lookup = new ClusterLookup(folder, config);
    this.refresh = new ThrottledRefresh(searchers, REFRESH_MILLIS);
  }

  /**
   * A reader of the cluster index in {@code folder}, or null when there is none yet.
   *
   * @throws IllegalStateException if its vectors have another dimension than {@code config}'s
   */
  public static ClusterReader open(Path folder, FeedbackIndexConfig config) throws IOException {
    if (!Files.isDirectory(folder)) {
      return null;
    }
    Directory directory = FSDirectory.open(folder);
    SearcherManager searchers = null;
    try {
      if (!DirectoryReader.indexExists(directory)) {
        directory.close();
        return null;
      }
      searchers = new SearcherManager(directory, null);
      IndexFolder.requireDimension(searchers, folder, config.dimension());
      return new ClusterReader(folder, directory, searchers, config);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, searchers, directory);
      throw e;
    }
  }

  /** See {@link FeedbackIndex#similar}, over the latest commit seen. */
  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    refresh.maybeRefresh();
    return lookup.similar(searchers, queryVector, minSimilarity, max, null);
  }

  /** Counts over every cluster of the latest commit seen. */
  public FeedbackStats stats() throws IOException {
    refresh.maybeRefresh();
    return ClusterScan.stats(searchers);
  }

  @Override
  public void close() throws IOException {
    IOUtils.close(searchers, directory);
  }
}
