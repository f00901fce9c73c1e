package dev.relearn.lucene.rerank;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The features of {@link LinearModel}, in summation order: a model's weights and a candidate's
 * feature values are {@code double[]}s indexed by {@link #ordinal()}.
 */
public enum Feature {
  /** The first-stage score, min-max normalised over the window; in [0, 1]. */
  RELEVANCE,
  /** {@code (bm25Norm − vectorNorm) / 2}; its weight may be negative (favours vectors). */
  BALANCE,
  /** The learned boost's shrunk deviation from its baseline; its contribution is capped. */
  BOOST,
  /** The per-chunk log prior, times the chunk's shrink. */
  PRIOR,
  /** Recency of the last use, times the chunk's shrink. */
  RECENCY,
  /** Frequency of use relative to the window, times the chunk's shrink. */
  FREQUENCY,
  /** 1 if the chunk matches the request context, else 0. */
  CONTEXT;

  /** How many features there are: the length of a weight or value vector. */
  public static final int COUNT = values().length;

  /**
   * The terms learned from similar past queries, which the per-session cap bounds together (see
   * {@link LinearModel#capPerSession}).
   */
  public static final List<Feature> LEARNED = List.of(BOOST, PRIOR, RECENCY, FREQUENCY);

  /** Every feature's {@link #label()}, in summation order. */
  public static final List<String> LABELS =
      Arrays.stream(values()).map(Feature::label).toList();

  /** The feature's name as explanations show it, e.g. {@code "relevance"}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The name of this feature's weight in messages and config keys, e.g. {@code "priorWeight"}. */
  public String weightName() {
    return label() + "Weight";
  }

  /** The smallest weight accepted: {@code −MAX_WEIGHT} for {@link #BALANCE}, else 0. */
  double minWeight() {
    return this == BALANCE ? -LinearModel.MAX_WEIGHT : 0;
  }
}
