package dev.relearn.opensearch.search;

import java.util.Locale;

/**
 * What a cluster's search ranks by, as embedded relearn's modes (the engine's {@code
 * SearchMode}, which this module cannot see): BM25 or the vector alone, the two fused, or fused
 * and re-ranked with what feedback taught (the default). Only a learned search reads past
 * queries, learned values and the trust.
 */
public enum RankingMode {
  /** BM25 alone. */
  BM25(true, false),
  /** The vector's kNN alone. */
  VECTOR(false, true),
  /** Both, fused by the query class's fusion. */
  HYBRID(true, true),
  /** Hybrid, re-ranked by the learned rescorer. */
  LEARNED(true, true);

  private final boolean lexical;
  private final boolean semantic;

  RankingMode(boolean lexical, boolean semantic) {
    this.lexical = lexical;
    this.semantic = semantic;
  }

  /** The JSON label, e.g. {@code hybrid}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether BM25 runs. */
  boolean lexical() {
    return lexical;
  }

  /** Whether kNN runs. */
  boolean semantic() {
    return semantic;
  }

  /**
   * The mode {@code label} names.
   *
   * @throws IllegalArgumentException naming the label when it names none
   */
  public static RankingMode fromLabel(String label) {
    for (RankingMode mode : values()) {
      if (mode.label().equals(label)) {
        return mode;
      }
    }
    throw new IllegalArgumentException("[mode] must be bm25, vector, hybrid or learned, not "
        + label);
  }
}
