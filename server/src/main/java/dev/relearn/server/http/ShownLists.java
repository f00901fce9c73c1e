package dev.relearn.server.http;

import dev.relearn.engine.search.SearchResults;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What this server's searches showed, by query text: the first {@value #SHOWN} hits of the last
 * {@code POST /api/search} of each of the {@value #QUERIES} most recent queries (with the
 * propensity of a slot exploration filled), so that {@code POST /api/feedback} on a result
 * records what was shown instead of searching again (the query's current top 10, which also cost
 * a search per event). Kept in memory only, like the query-vector cache, and never written
 * anywhere. Thread-safe.
 */
final class ShownLists {
  /** How many hits of a search are remembered: as many as the engine derives. */
  static final int SHOWN = 10;
  /** How many queries are remembered; the least recently used goes first. */
  static final int QUERIES = 1_000;

  private final Map<String, SearchResults> byQuery =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SearchResults> eldest) {
          return size() > QUERIES;
        }
      };

  /** Remembers the first {@value #SHOWN} hits of {@code results} as shown for {@code query}. */
  void remember(String query, SearchResults results) {
    SearchResults shown = results.hits().size() <= SHOWN ? results
        : new SearchResults(results.hits().subList(0, SHOWN), results.lexicalCandidates(),
            results.semanticCandidates(), results.explored() != null
                && results.explored().rank() <= SHOWN ? results.explored() : null);
    synchronized (byQuery) {
      byQuery.put(query, shown);
    }
  }

  /** What the last search of {@code query} showed, or null when none is remembered. */
  SearchResults of(String query) {
    synchronized (byQuery) {
      return byQuery.get(query);
    }
  }
}
