package dev.relearn.opensearch.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A chunk id and a retriever's score for it.
 *
 * @param id the chunk id
 * @param score the retriever's score
 */
public record ScoredId(String id, float score) {
  /** Requires the id and a score that is a number. */
  public ScoredId {
    Objects.requireNonNull(id, "id");
    if (Float.isNaN(score)) {
      throw new IllegalArgumentException("score of " + id + " is NaN");
    }
  }

  /**
   * Best first, ties broken by chunk id: the order relearn gives a retriever's hits (shards
   * return equal scores in shard order, which says nothing about the chunks).
   */
  public static List<ScoredId> ranked(List<ScoredId> hits) {
    List<ScoredId> out = new ArrayList<>(hits);
    out.sort(Comparator.comparingDouble((ScoredId hit) -> -hit.score())
        .thenComparing(ScoredId::id));
    return out;
  }
}
