package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Computes a chunk's {@link LearnedBoost} from similar past queries. Each past query q weighs in
 * with {@code w_q = s_q · e^((s_q − 1)/T) · scale_q}: its similarity s_q, sharpened by the
 * temperature T of the {@link VoteWeighting}, times the decay its lookup applied to every count
 * ({@link PastQuery#scale}). A click of a failed task counts δ, the weighting's {@code
 * failedClickWeight}:
 *
 * <pre>
 *   clicks'_q   = clicks_q − (1 − δ)·min(failures_q, clicks_q)
 *   clickRate   = clip01( Σ w_q·clicks'_q / Σ w_q·examined_q )  (0.5 if Σ w_q·examined_q = 0)
 *   successRate = Σ w_q·successes_q / Σ w_q·(successes_q + failures_q)  (0.5 if no outcome)
 *   evidence    = Σ w_q·examined_q,   examined_q = max(examinations_q, clicks_q)
 * </pre>
 *
 * <p>Examinations are already examination-probability-weighted, so the click rate is an inverse
 * propensity estimate; clipping to [0, 1] bounds its variance. A click implies the chunk was
 * examined, so a past query's examinations are raised to at least its clicks: a click at a deep
 * rank (examination probability 0.1, say) then counts as one examination of evidence, not 0.1.
 * That is also the Bayesian update under the position-based model: a click's likelihood {@code
 * p·θ} is proportional to the click rate θ whatever the examination probability p, so a click is
 * one full trial, while a skip at probability p is worth about p of one. {@link LinearModel}'s
 * shrink then turns the rate into its posterior mean.
 *
 * <p>Guards: a weight that is not finite and positive (a past query below zero similarity) is
 * skipped, because a negative weight would turn evidence upside down; a weight above 1 (allowed by
 * rounding in {@link PastQuery}) is capped at 1; each count is capped at {@link #MAX_COUNT} so
 * that sums stay finite. Stateless and thread-safe.
 */
public final class BoostEstimator {
  /** A per-query count cap far above any the feedback store produces; keeps sums finite. */
  public static final double MAX_COUNT = 1e15;

  private BoostEstimator() {}

  /**
   * The boost of {@code chunkId}.
   *
   * @param chunkId the chunk id, or null for a document without one ({@link LearnedBoost#NONE})
   * @param pastQueries similar past queries, already filtered by the similarity threshold
   */
  public static LearnedBoost estimate(String chunkId, List<PastQuery> pastQueries,
      VoteWeighting weighting) {
    if (chunkId == null) {
      return LearnedBoost.NONE;
    }
    Sums sums = new Sums(weighting.failedClickWeight());
    for (PastQuery query : pastQueries) {
      sums.add(weight(query, weighting), query.chunks().get(chunkId), query.sessions());
    }
    return sums.boost();
  }

  /**
   * One chunk's similarity-weighted sums over past queries, added in the order the queries come:
   * the same additions in the same order give bit-identical boosts, however they are gathered.
   */
  static final class Sums {
    private final double failedClickWeight;
    private double clicks;
    private double examined;
    private double successes;
    private double outcomes;
    private final Set<String> clickSessions = new HashSet<>();
    private final Set<String> skipSessions = new HashSet<>();
    private int unknownClickSessions;
    private int unknownSkipSessions;

    Sums(double failedClickWeight) {
      this.failedClickWeight = failedClickWeight;
    }

    /**
     * Adds one past query's evidence with its {@link #weight} and the sessions it comes from
     * (empty: one unknown session); nothing if the weight or the evidence is absent.
     */
    void add(double weight, ChunkEvidence evidence, Set<String> from) {
      if (weight == 0 || evidence == null) {
        return;
      }
      boolean clicked = evidence.clicks() > 0;
      if (from.isEmpty()) {
        unknownClickSessions += clicked ? 1 : 0;
        unknownSkipSessions += clicked ? 0 : 1;
      } else {
        (clicked ? clickSessions : skipSessions).addAll(from);
      }
      double c = Math.min(evidence.clicks(), MAX_COUNT);
      double s = Math.min(evidence.successes(), MAX_COUNT);
      double f = Math.min(evidence.failures(), MAX_COUNT);
      clicks += weight * Math.max(0, c - (1 - failedClickWeight) * Math.min(f, c));
      examined += weight * Math.max(Math.min(evidence.examinations(), MAX_COUNT), c);
      successes += weight * s;
      outcomes += weight * (s + f);
    }

    /** The boost of the sums so far. */
    LearnedBoost boost() {
      double clickRate = examined > 0 ? clip01(clicks / examined) : LearnedBoost.NEUTRAL_RATE;
      double successRate =
          outcomes > 0 ? clip01(successes / outcomes) : LearnedBoost.NEUTRAL_RATE;
      return examined > 0
          ? new LearnedBoost(clickRate, successRate, examined, outcomes,
              clickSessions.size() + unknownClickSessions,
              skipSessions.size() + unknownSkipSessions)
          : new LearnedBoost(clickRate, successRate, examined, outcomes, 0, 0);
    }
  }

  /**
   * A past query's weight: its similarity's {@link #weight(float, VoteWeighting)} times its
   * {@link PastQuery#scale}, the decay its lookup applied to every count.
   */
  static double weight(PastQuery query, VoteWeighting weighting) {
    return weight(query.similarity(), weighting) * query.scale();
  }

  /**
   * A similarity's weight: {@link VoteWeighting#of} the similarity capped at 1, or 0 if not
   * finite and positive.
   */
  static double weight(float similarity, VoteWeighting weighting) {
    if (!(similarity > 0) || Float.isInfinite(similarity)) {
      return 0;
    }
    return weighting.of(Math.min(similarity, 1.0));
  }

  private static double clip01(double rate) {
    return Math.max(0, Math.min(1, rate));
  }
}
