package dev.relearn.eval.metrics;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The kinds of metric, each computed for one query at a cutoff {@code k} as trec_eval does (its
 * {@code ndcg_cut}, {@code recall}, {@code recip_rank}, {@code map_cut} and {@code P}). Ranks past
 * the end of the ranking simply hold nothing; a query with no relevant docs scores 0.
 */
public enum Measure {
  /** DCG@k / ideal DCG@k, linear gain = grade, discount log2(rank + 1). */
  NDCG("ndcg", false, (r, k) -> r.idealDcg(k) == 0 ? 0 : r.dcg(k) / r.idealDcg(k)),
  /** Relevant docs in the top k / all relevant docs of the query. */
  RECALL("recall", false,
      (r, k) -> r.relevantCount() == 0 ? 0 : (double) r.relevantInTop(k) / r.relevantCount()),
  /** 1 / rank of the first relevant doc in the top k, else 0. */
  MRR("mrr", false, JudgedRanking::reciprocalRank),
  /**
   * Average precision over the top k: the sum of precision at each relevant rank within k, divided
   * by all relevant docs of the query (so unretrieved relevant docs count as 0).
   */
  MAP("map", false, JudgedRanking::averagePrecision),
  /** Relevant docs in the top k / k, even when fewer than k docs were retrieved. */
  PRECISION("p", true, (r, k) -> (double) r.relevantInTop(k) / k);

  /** The value for one query; {@code k} is at least 1 ({@link Integer#MAX_VALUE}: no cutoff). */
  interface Scoring {
    double score(JudgedRanking ranking, int k);
  }

  private final String label;
  private final boolean needsCutoff;
  private final Scoring scoring;

  Measure(String label, boolean needsCutoff, Scoring scoring) {
    this.label = label;
    this.needsCutoff = needsCutoff;
    this.scoring = scoring;
  }

  /** The lower-case name used in metric strings, e.g. {@code ndcg} in {@code ndcg@10}. */
  public String label() {
    return label;
  }

  /** Whether the measure is meaningless without a cutoff (precision). */
  public boolean needsCutoff() {
    return needsCutoff;
  }

  /**
   * The measure named {@code label}, ignoring case ({@code precision} for {@code p}); throws naming
   * the known ones.
   */
  public static Measure fromLabel(String label) {
    String key = label.strip().toLowerCase(Locale.ROOT);
    if (key.equals("precision")) {
      return PRECISION;
    }
    for (Measure measure : values()) {
      if (measure.label.equals(key)) {
        return measure;
      }
    }
    throw new IllegalArgumentException("unknown measure '" + label + "'; known: "
        + Arrays.stream(values()).map(Measure::label).collect(Collectors.joining(", ")));
  }

  double score(JudgedRanking ranking, int k) {
    return scoring.score(ranking, k);
  }
}
