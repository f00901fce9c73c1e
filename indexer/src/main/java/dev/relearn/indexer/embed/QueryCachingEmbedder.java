package dev.relearn.indexer.embed;

import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.lucene.schema.Require;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the most recently used query embeddings in memory (an LRU map), because embedding is
 * most of a search's cost. The cache lives only in this process's heap: query text is never
 * written anywhere. Returned arrays are copies, so callers cannot corrupt the cache.
 */
public final class QueryCachingEmbedder extends ForwardingEmbedder {
  private final Map<String, float[]> cache;

  /** Caches up to {@code capacity} queries of {@code delegate}; 0 disables the cache. */
  public QueryCachingEmbedder(Embedder delegate, int capacity) {
    super(delegate);
    Require.nonNegative("query cache size", capacity);
    this.cache = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
        return size() > capacity;
      }
    };
  }

  @Override
  public float[] embedQuery(String query) {
    synchronized (cache) {
      float[] cached = cache.get(query);
      if (cached != null) {
        return cached.clone();
      }
    }
    float[] vector = delegate().embedQuery(query);
    if (vector != null) { // none is the caller's to report (VectorChecks)
      synchronized (cache) {
        cache.put(query, vector.clone());
      }
    }
    return vector;
  }
}
