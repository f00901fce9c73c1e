package dev.relearn.feedback.index;

import dev.relearn.feedback.index.VectorSearch.Neighbour;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.VectorUtil;

/**
 * The clusters a {@link ClusterWriter} wrote since its searchers' last refresh, by cluster id and
 * by the id of the event that wrote them. Adds consult them beside the (older) searcher snapshot
 * ({@link #mergeTarget}), so that every decision sees every earlier write; a refresh clears them.
 * Not thread-safe: the writer's monitor guards them.
 */
final class PendingClusters {
  /** Stale searcher candidates checked per merge lookup. */
  private static final int STALE_CANDIDATES = 8;

  private final Map<String, Cluster> clusters = new HashMap<>();
  private final Map<String, String> events = new HashMap<>();

  /** The id of the cluster that event {@code eventId} was written to, or null. */
  String clusterOfEvent(String eventId) {
    return events.get(eventId);
  }

  /**
   * Keeps {@code cluster}, just written for event {@code eventId}.
   *
   * @return how many clusters are pending now
   */
  int put(String eventId, Cluster cluster) {
    clusters.put(cluster.id(), cluster);
    events.put(eventId, cluster.id());
    return clusters.size();
  }

  boolean isEmpty() {
    return clusters.isEmpty();
  }

  /** Forgets them all, once the searchers show them. */
  void clear() {
    clusters.clear();
    events.clear();
  }

  /**
   * The most similar cluster session {@code session} contributed to, at or above the merge
   * threshold: the searcher's candidates (replaced by their pending version where one exists) and
   * every pending cluster of the session; null when none is similar enough.
   */
  Cluster mergeTarget(IndexSearcher searcher, String session, float[] unit,
      FeedbackIndexConfig config) throws IOException {
    Cluster best = null;
    float bestSimilarity = config.mergeSimilarity();
    List<Neighbour> candidates = VectorSearch.search(searcher, unit, config.mergeSimilarity(),
        STALE_CANDIDATES, FeedbackFields.sessionQuery(session),
        config.exactFor(searcher.getIndexReader().numDocs()));
    for (Neighbour neighbour : candidates) {
      Cluster stored = FeedbackFields.cluster(searcher.storedFields().document(neighbour.doc()));
      if (!clusters.containsKey(stored.id()) && neighbour.similarity() >= bestSimilarity) {
        best = stored;
        bestSimilarity = neighbour.similarity();
      }
    }
    for (Cluster candidate : clusters.values()) {
      if (candidate.sessions().contains(session)) {
        float similarity = VectorUtil.dotProduct(unit, candidate.centroid());
        if (similarity >= bestSimilarity) {
          best = candidate;
          bestSimilarity = similarity;
        }
      }
    }
    return best;
  }
}
