package dev.relearn.feedback.store;

import dev.relearn.feedback.index.Cluster;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.RecordedEvents;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Every logged query with what the rest of the log says about it: for each learned cluster (the
 * latest {@code limit}, oldest first) and each of its sessions, that session's evidence and the
 * past queries similar to its centroid from clusters none of its sessions contributed to, so a fit
 * is never scored on what the vote was cast from. Sessions over their event budget take no part.
 * Both name renamed chunks by their current ids.
 */
public final class HeldOutQueries {
  /** Receives one session's evidence in one cluster and the held-out similar past queries. */
  @FunctionalInterface
  public interface Receiver {
    /** One session's evidence in one cluster, the (hashed) session, other sessions' queries. */
    void accept(String session, Map<String, ChunkEvidence> logged, List<PastQuery> others)
        throws IOException;
  }

  private HeldOutQueries() {}

  /**
   * Passes {@code receiver} each of the latest {@code limit} learned clusters' sessions with the
   * at most {@code max} past queries of others at least {@code minSimilarity} similar.
   */
  public static void forEach(FeedbackIndex index, float minSimilarity, int max, int limit,
      Receiver receiver) throws IOException {
    RecordedEvents recorded = index.recorded();
    List<Cluster> clusters = recorded.clusters().stream().filter(cluster -> cluster.learned()
        && cluster.sessions().stream().allMatch(session -> recorded.sessionShare(session) == 1))
        .sorted(Comparator.comparingLong(Cluster::lastMillis).thenComparing(Cluster::id))
        .toList();
    for (Cluster cluster : clusters.subList(Math.max(0, clusters.size() - limit),
        clusters.size())) {
      List<PastQuery> others = recorded.similar(cluster.centroid(), minSimilarity, max,
          cluster.sessions()).stream().filter(PastQuery::withinBudget).toList();
      for (Map.Entry<String, Map<String, ChunkEvidence>> logged
          : cluster.evidence().entrySet()) {
        // under the chunks' current ids, as the past queries name them
        receiver.accept(logged.getKey(), index.currentIds(logged.getValue()), others);
      }
    }
  }
}
