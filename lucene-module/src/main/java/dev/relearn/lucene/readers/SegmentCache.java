package dev.relearn.lucene.readers;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;

/**
 * A value per Lucene segment core, for what never changes within a segment (stored fields, the
 * id doc values): created on first use, shared by every reader of the core (doc-values updates
 * and reopens included), and dropped when Lucene closes the core. Thread-safe.
 *
 * @param <V> the cached value; itself thread-safe if readers share it across threads
 */
public final class SegmentCache<V> {
  private final Map<Object, V> byCore = new ConcurrentHashMap<>();
  private final Function<LeafReader, V> create;

  /** A cache that makes a segment's value with {@code create} (given the first reader seen). */
  public SegmentCache(Function<LeafReader, V> create) {
    this.create = Objects.requireNonNull(create, "create");
  }

  /**
   * The value of {@code leaf}'s core; a reader without a core cache key gets a fresh value that
   * is not kept.
   */
  public V get(LeafReader leaf) {
    IndexReader.CacheHelper helper = leaf.getCoreCacheHelper();
    if (helper == null) {
      return create.apply(leaf);
    }
    return byCore.computeIfAbsent(helper.getKey(), key -> {
      helper.addClosedListener(byCore::remove);
      return create.apply(leaf);
    });
  }

  /** How many segments have a value now. */
  public int size() {
    return byCore.size();
  }
}
