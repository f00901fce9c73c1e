package dev.relearn.eval.metrics;

import dev.relearn.lucene.schema.Require;
import java.util.Objects;

/**
 * A measure at a cutoff, written {@code ndcg@10}, {@code recall@100}, {@code mrr@10},
 * {@code map@100} or {@code p@10}. Without {@code @k} ({@code map}, {@code ndcg}) the whole ranking
 * counts, like trec_eval's measures without {@code _cut}; precision always needs a cutoff.
 *
 * @param measure what is computed
 * @param k the cutoff: only the first {@code k} ranks count; {@link #NO_CUTOFF} for all of them
 */
public record Metric(Measure measure, int k) {
  /** The cutoff that keeps the whole ranking. */
  public static final int NO_CUTOFF = Integer.MAX_VALUE;

  public Metric {
    Objects.requireNonNull(measure, "measure");
    Require.atLeastOne("k", k);
    if (k == NO_CUTOFF && measure.needsCutoff()) {
      throw new IllegalArgumentException(
          measure.label() + " needs a cutoff, e.g. " + measure.label() + "@10");
    }
  }

  /**
   * Parses {@code name@k} or {@code name}, ignoring case and blanks; throws, quoting {@code text},
   * for an unknown name, a bad or missing (precision) cutoff.
   */
  public static Metric parse(String text) {
    Objects.requireNonNull(text, "text");
    String spec = text.strip();
    int at = spec.indexOf('@');
    try {
      if (at < 0) {
        return new Metric(Measure.fromLabel(spec), NO_CUTOFF);
      }
      Measure measure = Measure.fromLabel(spec.substring(0, at));
      String cutoff = spec.substring(at + 1).strip();
      int k;
      try {
        k = Integer.parseInt(cutoff);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("k must be an integer, got: '" + cutoff + "'", e);
      }
      return new Metric(measure, k);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad metric '" + text + "': " + e.getMessage(), e);
    }
  }

  /** Whether a cutoff applies. */
  public boolean hasCutoff() {
    return k != NO_CUTOFF;
  }

  /** The canonical name, e.g. {@code ndcg@10} or {@code map}; {@link #parse} reads it back. */
  public String name() {
    return hasCutoff() ? measure.label() + "@" + k : measure.label();
  }

  /** The value of this metric for one judged ranking. */
  double score(JudgedRanking ranking) {
    return measure.score(Objects.requireNonNull(ranking, "ranking"), k);
  }

  @Override
  public String toString() {
    return name();
  }
}
