package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.ClusterReader;
import dev.relearn.feedback.log.ReplayReport;
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
 * ids as the ledger's last checkpoint records them. The writer's forgets commit their cluster
 * deletions first, so lookups here stop seeing a forgotten session's queries at once. It takes no
 * lock and writes nothing.
 * Thread-safe.
 */
public final class ReadOnlyFeedback implements FeedbackLookup, Closeable {
  private final ClusterReader clusters;
  private final CommittedLedger ledger;
  private final VectorProtection protection;

  private ReadOnlyFeedback(ClusterReader clusters, CommittedLedger ledger,
      VectorProtection protection) {
    this.clusters = clusters;
    this.ledger = ledger;
    this.protection = protection;
  }

  /**
   * The last checkpoint of the feedback folder {@code dir}, or null when the writer has made none
   * yet (no committed ledger and cluster index: a checkpoint commits the ledger first).
   */
  public static ReadOnlyFeedback open(Path dir, FeedbackStoreConfig config) throws IOException {
    ClusterReader clusters = ClusterReader.open(dir.resolve(StoreFolder.CLUSTERS), config.index());
    if (clusters == null) {
      return null;
    }
    CommittedLedger ledger = null;
    try {
      ledger = CommittedLedger.open(dir.resolve(StoreFolder.LEDGER), ClusterReader.REFRESH_MILLIS);
      if (ledger == null) {
        clusters.close();
        return null;
      }
      VectorProtection protection = Files.exists(dir.resolve(VectorProtection.SECRET_FILE))
          ? VectorProtection.open(dir, config.index().dimension()) : null;
      return new ReadOnlyFeedback(clusters, ledger, protection);
    } catch (IOException | RuntimeException e) {
      IOUtils.closeWhileSuppressingExceptions(e, ledger, clusters);
      throw e;
    }
  }

  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max)
      throws IOException {
    List<PastQuery> found = clusters.similar(
        protection == null ? queryVector : protection.protect(queryVector), minSimilarity, max);
    return RenamedEvidence.follow(found, ledger.current());
  }

  /**
   * What the writer's last checkpoint holds (at most {@link
   * FeedbackStoreConfig#checkpointInterval()}, 30 s by default, old): cluster and ledger counts
   * as {@link FeedbackStore#stats()} gives them; nothing is pending and no log was replayed here.
   */
  public StoreStats stats() throws IOException {
    LedgerDocuments.Counts counts = ledger.counts();
    return new StoreStats(clusters.stats(), counts.events(), counts.chunks(), 0,
        ReplayReport.NONE);
  }

  /** The newest {@code limit} events' summaries as of the writer's last checkpoint. */
  public List<EventSummary> recent(int limit) throws IOException {
    return ledger.recent(limit);
  }

  /** Whether the writer's last checkpoint holds any event. */
  public boolean hasFeedback() throws IOException {
    return ledger.events() > 0;
  }

  @Override
  public void close() throws IOException {
    IOUtils.close(clusters, ledger);
  }
}
