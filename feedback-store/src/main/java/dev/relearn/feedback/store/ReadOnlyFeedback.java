package dev.relearn.feedback.store;

import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.ClusterReader;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a second, read-only process may use of a feedback folder another process writes: the
 * similar-query lookup over the cluster index's last checkpoint (query vectors protected the same
 * way when the folder protects them). It takes no lock and writes nothing. Thread-safe.
 */
public final class ReadOnlyFeedback implements FeedbackLookup, Closeable {
  private final ClusterReader clusters;
  private final VectorProtection protection;

  private ReadOnlyFeedback(ClusterReader clusters, VectorProtection protection) {
    this.clusters = clusters;
    this.protection = protection;
  }

  /** The lookup of the feedback folder {@code dir}, or null when it holds no cluster index. */
  public static ReadOnlyFeedback open(Path dir, FeedbackStoreConfig config) throws IOException {
    ClusterReader clusters = ClusterReader.open(dir.resolve("clusters"), config.index());
    if (clusters == null) {
      return null;
    }
    try {
      VectorProtection protection = Files.exists(dir.resolve(VectorProtection.SECRET_FILE))
          ? VectorProtection.open(dir, config.index().dimension()) : null;
      return new ReadOnlyFeedback(clusters, protection);
    } catch (IOException | RuntimeException e) {
      try {
        clusters.close();
      } catch (IOException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    return clusters.similar(protection == null ? queryVector : protection.protect(queryVector),
        minSimilarity, max);
  }

  @Override
  public void close() throws IOException {
    clusters.close();
  }
}
