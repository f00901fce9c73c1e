package dev.relearn.server.http;

import dev.relearn.engine.search.Hit;
import dev.relearn.feedback.event.ShownResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What this server's searches showed, by query text: the first {@value #SHOWN} hits of the last
 * {@code POST /api/search} of each of the {@value #QUERIES} most recent queries, so that {@code
 * POST /api/feedback} on a result records what was shown instead of searching again (the query's
 * current top 10, which also cost a search per event). Kept in memory only, like the query-vector
 * cache, and never written anywhere. Thread-safe.
 */
final class ShownLists {
  /** How many hits of a search are remembered: as many as the engine derives. */
  static final int SHOWN = 10;
  /** How many queries are remembered; the least recently used goes first. */
  static final int QUERIES = 1_000;

  private final Map<String, List<ShownResult>> byQuery =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<ShownResult>> eldest) {
          return size() > QUERIES;
        }
      };

  /** Remembers the first {@value #SHOWN} of {@code hits}, in rank order, as shown for the query. */
  void remember(String query, List<Hit> hits) {
    List<ShownResult> shown = new ArrayList<>();
    for (Hit hit : hits.subList(0, Math.min(SHOWN, hits.size()))) {
      shown.add(new ShownResult(hit.chunkId(), shown.size() + 1));
    }
    synchronized (byQuery) {
      byQuery.put(query, List.copyOf(shown));
    }
  }

  /** What the last search of {@code query} showed, or null when none is remembered. */
  List<ShownResult> of(String query) {
    synchronized (byQuery) {
      return byQuery.get(query);
    }
  }
}
