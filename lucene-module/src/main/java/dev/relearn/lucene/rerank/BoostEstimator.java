package dev.relearn.lucene.rerank;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Computes a chunk's {@link LearnedBoost} from similar past queries: the {@code clickRate},
 * {@code successRate} and evidence {@code n} of docs/RANKING.md section 3, each past query
 * weighted by {@code w_q} (the {@link VoteWeighting}'s temperature T, the decay {@link
 * PastQuery#scale}) and a failed task's clicks counting δ ({@code failedClickWeight}).
 *
 * <p>Why {@code examined_q} is at least {@code clicks_q}: under the position-based model a click
 * is one full trial whatever its examination probability, while a skip at probability p is worth
 * about p of one; {@link LinearModel}'s shrink then turns the rate into its posterior mean.
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
   * One chunk's similarity-weighted sums over past queries, added in the order the queries come:
   * the same additions in the same order give bit-identical boosts, however they are gathered.
   */
  static final class Sums {
    private final double failedClickWeight;
    private double clicks;
    private double examined;
    private double successes;
    private double outcomes;
    private final Map<String, Double> clickSessions = new HashMap<>();
    private final Map<String, Double> skipSessions = new HashMap<>();
    private double unknownClickSessions;
    private double unknownSkipSessions;

    Sums(double failedClickWeight) {
      this.failedClickWeight = failedClickWeight;
    }

    /**
     * Adds one past query's evidence with its {@link #weight}, the sessions it comes from (empty:
     * one unknown session) and their {@code share}; nothing if the weight or the evidence
     * is absent. A session counts once, at the largest share it came with.
     */
    void add(double weight, ChunkEvidence evidence, Set<String> from, double share) {
      if (weight == 0 || evidence == null) {
        return;
      }
      boolean clicked = evidence.clicks() > 0;
      if (from.isEmpty()) {
        unknownClickSessions += clicked ? share : 0;
        unknownSkipSessions += clicked ? 0 : share;
      } else {
        for (String session : from) {
          (clicked ? clickSessions : skipSessions).merge(session, share, Math::max);
        }
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
              total(clickSessions) + unknownClickSessions,
              total(skipSessions) + unknownSkipSessions)
          : new LearnedBoost(clickRate, successRate, examined, outcomes, 0, 0);
    }
  }

  private static double total(Map<String, Double> shares) {
    double total = 0;
    for (double share : shares.values()) {
      total += share;
    }
    return total;
  }

  /**
   * A past query's weight: its similarity's {@link #weight(float, VoteWeighting)} times its
   * {@link PastQuery#scale}, the decay its lookup applied to every count.
   */
  static double weight(PastQuery query, VoteWeighting weighting) {
    return weight(query.similarity(), weighting) * query.scale() * query.share();
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
