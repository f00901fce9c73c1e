package dev.relearn.lucene.fusion;

/**
 * How documents with equal scores are ordered: the first stage's lists and {@link Fusion} put
 * the document that compares lower first. relearn breaks ties by chunk id, so that a cluster,
 * whose shards number documents differently, ranks as one index does.
 */
@FunctionalInterface
public interface TieOrder {
  /** By Lucene doc id, ascending: for callers without chunk ids. */
  TieOrder BY_DOC = Integer::compare;

  /** Negative, zero or positive as {@code doc} goes before, with or after {@code other}. */
  int compare(int doc, int other);
}
