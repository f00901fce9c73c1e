package dev.relearn.server.http;

import dev.relearn.engine.search.SearchResults;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The first {@value #SHOWN} hits of the last search of each of the {@value #QUERIES} most recent
 * queries, so that {@code POST /api/feedback} records what was shown instead of searching again.
 * In memory only, never written. Thread-safe.
 */
final class ShownLists {
  /** Hits remembered per search: as many as the engine derives. */
  static final int SHOWN = 10;
  /** Queries remembered; the least recently used goes first. */
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
