package dev.relearn.lucene.rerank;

import dev.relearn.lucene.schema.LearnedValues;
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
 * candidate's notes. Immutable and thread-safe.
 */
public final class FeatureExtractor {
  private final long nowMillis;

  /**
   * An extractor for one query.
   *
   * @param nowMillis the time recency is measured from, fixed for one query
   */
  public FeatureExtractor(long nowMillis) {
    if (nowMillis < 0) {
      throw new IllegalArgumentException("nowMillis must be >= 0, got: " + nowMillis);
    }
    this.nowMillis = nowMillis;
  }

  /** The time recency is measured from. */
  public long nowMillis() {
    return nowMillis;
  }

  /** The features of every candidate in {@code window}, in the window's order. */
  public List<CandidateFeatures> extract(List<Candidate> window, FeedbackEvidence feedback,
      RerankContext context) {
    WindowStats stats = WindowStats.of(window);
    List<CandidateFeatures> out = new ArrayList<>(window.size());
    for (Candidate candidate : window) {
      out.add(features(candidate, stats, feedback, context));
    }
    return out;
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
    double score = candidate.firstStageScore();
    if (Double.isNaN(score)) {
      notes = new ArrayList<>(notes);
      notes.add("first-stage score was NaN: treated as the window's lowest score "
          + stats.minScore() + " (relevance 0)");
      score = stats.minScore();
    } else if (Double.isInfinite(score)) {
      notes = new ArrayList<>(notes);
      boolean positive = score > 0;
      score = positive ? stats.maxScore() : stats.minScore();
      notes.add("first-stage score was " + candidate.firstStageScore()
          + ": treated as the window's " + (positive ? "highest" : "lowest") + " score " + score);
    }
    LearnedValues learned = candidate.learned();
    boolean inContext = context != null && context.matches(candidate.path(), candidate.kind());
    return new CandidateFeatures(
        score,
        stats.relevance(score),
        candidate.bm25(),
        candidate.vector(),
        stats.bm25().normalise(candidate.bm25()),
        stats.vector().normalise(candidate.vector()),
        feedback.boost(candidate.chunkId()),
        UsageSignals.logPrior(learned.successes(), learned.failures()),
        UsageSignals.recency(learned.lastUsedMillis(), nowMillis),
        UsageSignals.frequency(learned.clicks(), stats.maxUses()),
        inContext ? 1 : 0,
        notes);
  }
}
