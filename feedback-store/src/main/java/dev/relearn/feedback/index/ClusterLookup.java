package dev.relearn.feedback.index;

import dev.relearn.feedback.index.VectorSearch.Neighbour;
import dev.relearn.lucene.feedback.PastQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SearcherManager;

/**
 * The similar-query lookup over one snapshot of a cluster index, shared by the writer's {@link
 * FeedbackIndex} and the read-only {@link ClusterReader}: exact below {@link
 * FeedbackIndexConfig#exactSearchBelow()} clusters, HNSW above, evidence decayed to the clock's
 * now and decoded through a per-segment {@link PastQueryCache}. A file that cannot be read (a
 * damaged segment passes the open when only its stored evidence is hit) fails the lookup with a
 * message that names the cluster index and the way out, not Lucene's bare decoding error.
 */
final class ClusterLookup {
  private final Path folder;
  private final FeedbackIndexConfig config;
  private final PastQueryCache pastQueries = new PastQueryCache();

  ClusterLookup(Path folder, FeedbackIndexConfig config) {
    this.folder = folder;
    this.config = config;
  }

  /**
   * See {@link FeedbackIndex#similar}; {@code searchers} gives the snapshot, and {@code filter}
   * (or null for none) restricts the clusters.
   */
  List<PastQuery> similar(SearcherManager searchers, float[] queryVector, float minSimilarity,
      int max, Query filter) throws IOException {
    Objects.requireNonNull(queryVector, "queryVector");
    if (Float.isNaN(minSimilarity) || max < 0) {
      throw new IllegalArgumentException("need a minSimilarity and max >= 0, got: minSimilarity="
          + minSimilarity + ", max=" + max);
    }
    float[] unit = UnitVectors.copy(queryVector, config.dimension(), "query");
    if (max == 0) {
      return List.of();
    }
    IndexSearcher searcher = searchers.acquire();
    try {
      long now = config.clock().millis();
      List<PastQuery> out = new ArrayList<>();
      for (Neighbour near : VectorSearch.search(searcher, unit, minSimilarity, max, filter,
          config.exactFor(searcher.getIndexReader().numDocs()))) {
        out.add(pastQueries.pastQuery(searcher.getIndexReader(), near.doc(), near.similarity(),
            config.decay(), now));
      }
      return out;
    } catch (IOException e) {
      throw new IOException("the feedback cluster index in " + folder + " cannot be read ("
          + e.getMessage() + "): it is probably damaged. Restore the feedback folder from a"
          + " backup, or move it away: the index keeps its chunks and starts learning afresh"
          + " (hybrid searches do not read it)", e);
    } finally {
      searchers.release(searcher);
    }
  }
}
