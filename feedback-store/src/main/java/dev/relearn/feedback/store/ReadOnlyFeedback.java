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
import org.apache.lucene.util.IOUtils;

/**
 * What a second, read-only process may use of a feedback folder another process writes: the
 * similar-query lookup over the cluster index's last checkpoint (query vectors protected the same
 * way when the folder protects them), with evidence for renamed chunks counted for their current
 * ids as the ledger's last checkpoint records them. It takes no lock and writes nothing.
 * Thread-safe.
 */
public final class ReadOnlyFeedback implements FeedbackLookup, Closeable {
  private final ClusterReader clusters;
  private final LedgerRenames renames; // null without a ledger
  private final VectorProtection protection;

  private ReadOnlyFeedback(ClusterReader clusters, LedgerRenames renames,
      VectorProtection protection) {
    this.clusters = clusters;
    this.renames = renames;
    this.protection = protection;
  }

  /** The lookup of the feedback folder {@code dir}, or null when it holds no cluster index. */
  public static ReadOnlyFeedback open(Path dir, FeedbackStoreConfig config) throws IOException {
    ClusterReader clusters = ClusterReader.open(dir.resolve("clusters"), config.index());
    if (clusters == null) {
      return null;
    }
    LedgerRenames renames = null;
    try {
      renames = LedgerRenames.open(dir.resolve(StoreFolder.LEDGER), ClusterReader.REFRESH_MILLIS);
      VectorProtection protection = Files.exists(dir.resolve(VectorProtection.SECRET_FILE))
          ? VectorProtection.open(dir, config.index().dimension()) : null;
      return new ReadOnlyFeedback(clusters, renames, protection);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, renames, clusters);
      throw e;
    }
  }

  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    List<PastQuery> found = clusters.similar(
        protection == null ? queryVector : protection.protect(queryVector), minSimilarity, max);
    return renames == null ? found : RenamedEvidence.follow(found, renames.current());
  }

  @Override
  public void close() throws IOException {
    IOUtils.close(clusters, renames);
  }
}
