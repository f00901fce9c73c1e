package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.Require;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Computes {@link CandidateFeatures} from {@link Candidate}s, the similar past queries and the
 * request context. Lucene-free and deterministic: given the same inputs and the same {@code
 * nowMillis}, serving and an offline recomputation produce identical features.
 *
 * <p>Neutralisation: a NaN first-stage score is treated as the window's lowest score (relevance
 * 0), −∞ likewise, +∞ as the highest (relevance 1); each is noted. Feedback notes (for example a
 * query vector with a NaN component, whose similarities would be NaN) are copied to every
 * candidate's notes. The window's scores are normalised by {@link WindowStats}'s {@link
 * MinMaxNormaliser}s, a step of their own. Immutable and thread-safe.
 */
public final class FeatureExtractor {
  private final long nowMillis;

  /**
   * An extractor for one query.
   *
   * @param nowMillis the time recency is measured from, fixed for one query
   */
  public FeatureExtractor(long nowMillis) {
    Require.nonNegative("nowMillis", nowMillis);
    this.nowMillis = nowMillis;
  }

  /**
   * The features of one candidate, given statistics of the window it is ranked in.
   *
   * @param context the request context, or null for none
   */
  public CandidateFeatures features(Candidate candidate, WindowStats stats,
      FeedbackEvidence feedback, RerankContext context) {
    Objects.requireNonNull(stats, "stats");
    List<String> notes = feedback.notes(); // shared unless this candidate adds its own
    double score = neutralised(candidate.firstStageScore(), stats);
    double raw = candidate.firstStageScore();
    if (Double.isNaN(raw)) {
      notes = new ArrayList<>(notes);
      notes.add("first-stage score was NaN: treated as the window's lowest score "
          + stats.minScore() + " (relevance 0)");
    } else if (Double.isInfinite(raw)) {
      notes = new ArrayList<>(notes);
      notes.add("first-stage score was " + raw + ": treated as the window's "
          + (raw > 0 ? "highest" : "lowest") + " score " + score);
    }
    boolean inContext = context != null && context.matches(candidate.path(), candidate.kind());
    LearnedValues learned = candidate.learned();
    return new CandidateFeatures(
        score,
        stats.relevanceNormaliser().normalise(score),
        candidate.bm25(),
        candidate.vector(),
        stats.bm25().normalise(candidate.bm25()),
        stats.vector().normalise(candidate.vector()),
        feedback.boost(candidate.chunkId()),
        UsageSignals.logPrior(learned.successes(), learned.failures()),
        UsageSignals.recency(learned.lastUsedMillis(), nowMillis),
        UsageSignals.frequencyOfLogs(UsageSignals.logUses(learned.clicks()),
            UsageSignals.logUses(stats.maxUses())),
        inContext ? 1 : 0,
        notes);
  }

  /** NaN and −∞ as the window's lowest score, +∞ as its highest, a finite score unchanged. */
  private static double neutralised(double score, WindowStats stats) {
    if (Double.isNaN(score) || score == Double.NEGATIVE_INFINITY) {
      return stats.minScore();
    }
    return score == Double.POSITIVE_INFINITY ? stats.maxScore() : score;
  }
}
