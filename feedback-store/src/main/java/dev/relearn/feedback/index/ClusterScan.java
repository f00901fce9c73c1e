package dev.relearn.feedback.index;

import java.io.IOException;
import java.util.function.Consumer;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.util.Bits;

/**
 * Visits every cluster of one snapshot of a cluster index, for {@link FeedbackIndex} (its own
 * writer's snapshot) and {@link ClusterReader} (another process's last commit).
 */
final class ClusterScan {
  private ClusterScan() {}

  /** Calls {@code action} with every live cluster of the current snapshot, in index order. */
  static void forEach(SearcherManager searchers, Consumer<? super Cluster> action)
      throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        Bits live = leaf.reader().getLiveDocs();
        StoredFields stored = leaf.reader().storedFields();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if (live == null || live.get(doc)) {
            action.accept(FeedbackFields.cluster(stored.document(doc)));
          }
        }
      }
    } finally {
      searchers.release(searcher);
    }
  }

  /** Counts over every cluster of the current snapshot. */
  static FeedbackStats stats(SearcherManager searchers) throws IOException {
    StatsTally tally = new StatsTally();
    forEach(searchers, tally);
    return tally.stats();
  }
}
