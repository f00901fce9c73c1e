package dev.relearn.feedback.store;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;

/** Checks an event before it is logged: a bad event must never reach the log. */
final class EventChecks {
  private EventChecks() {}

  /** Rejects a query vector of the wrong size, naming both sizes. */
  static void requireDimension(FeedbackEvent event, int dimension) {
    int length = event.queryVector().length;
    if (length != dimension) {
      throw new IllegalArgumentException("query vector has " + length
          + " dimensions; the feedback store expects " + dimension);
    }
  }

  /** The used and shown chunk ids the chunk index does not hold. */
  static List<String> unknownIds(FeedbackEvent event, SearcherManager chunkSearchers)
      throws IOException {
    Set<String> ids = new LinkedHashSet<>(event.used());
    for (ShownResult shown : event.shown()) {
      ids.add(shown.chunkId());
    }
    IndexSearcher searcher = chunkSearchers.acquire();
    try {
      return List.copyOf(LearnedFieldUpdater.unknownIds(searcher, ids));
    } finally {
      chunkSearchers.release(searcher);
    }
  }
}
