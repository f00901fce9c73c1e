package dev.relearn.lucene.rerank;

import java.util.Arrays;
import org.apache.lucene.search.Explanation;

/**
 * Bounds how many places the evidence of sessions over their event budget moves a chunk
 * (docs/RANKING.md section 2). Such a session's past queries count only its {@link
 * dev.relearn.lucene.feedback.PastQuery#share share}, but in a window's flat tail even a small
 * lift passes dozens of chunks. So a chunk scored with every past query may pass at most {@code
 * PLACES_PER_SESSION · Σ share} (rounded down) of the other candidates scored between its score
 * without those sessions and its score with them, summing the shares of the over-budget sessions
 * that clicked it (for a lift) or skipped it (for a drop). Past that its score stops just short of
 * the next one. Sessions within their budget are not limited here.
 */
final class PlaceLimit {
  /** The places one session's full share may move a chunk: a 1,000-event session moves it 1. */
  static final int PLACES_PER_SESSION = 50;
  /**
   * Added before rounding places down: the shares are a difference of two sums of doubles, so a
   * whole place can come out a hair short of itself (50 · (4.02 − 4) = 0.99999…).
   */
  private static final double ROUNDING = 1e-9;

  private PlaceLimit() {}

  /**
   * The limited scores, and for each limited hit what the limit took away. Every candidate is
   * first ranked by its {@code within} score; a candidate that over-budget sessions lift (or
   * drop) then scores at most just below (at least just above) the {@code within} score of the
   * candidate {@code places + 1} ranks above (below) it there. So no candidate ends more than
   * {@code 2·places + 1} ranks from its {@code within} rank, wherever the others move.
   *
   * @param scores every candidate's score with every past query
   * @param within every candidate's score without the over-budget sessions' past queries
   * @param features the features {@code scores} come from
   * @param withinFeatures the features {@code within} come from
   */
  static Limited apply(double[] scores, double[] within, CandidateFeatures[] features,
      CandidateFeatures[] withinFeatures) {
    Integer[] order = new Integer[scores.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> within[a] != within[b] ? Double.compare(within[b], within[a])
        : Integer.compare(a, b));
    int[] rank = new int[scores.length];
    for (int r = 0; r < order.length; r++) {
      rank[order[r]] = r;
    }
    double[] limited = scores.clone();
    Explanation[] notes = new Explanation[scores.length];
    for (int i = 0; i < scores.length; i++) {
      double lift = scores[i] - within[i];
      if (lift == 0) {
        continue;
      }
      LearnedBoost all = features[i].boost();
      LearnedBoost kept = withinFeatures[i].boost();
      double shares = Math.max(0, lift > 0 ? all.clickSessions() - kept.clickSessions()
          : all.skipSessions() - kept.skipSessions());
      int places = (int) Math.min(scores.length, Math.floor(PLACES_PER_SESSION * shares + ROUNDING));
      int anchor = lift > 0 ? rank[i] - places - 1 : rank[i] + places + 1;
      if (anchor < 0 || anchor >= order.length) {
        continue;
      }
      double bound = between(within[order[anchor]], within[order[anchor + (lift > 0 ? 1 : -1)]],
          lift > 0);
      limited[i] = lift > 0 ? Math.max(within[i], Math.min(scores[i], bound))
          : Math.min(within[i], Math.max(scores[i], bound));
      if (limited[i] != scores[i]) {
        notes[i] = Explanation.match(Double.valueOf(limited[i] - scores[i]), "place limit: "
            + "sessions over their event budget (shares " + ScoreExplanation.num(shares)
            + ") may move this chunk at most " + places + " places " + (lift > 0 ? "up" : "down")
            + " from where the other evidence ranks it (score "
            + ScoreExplanation.num(within[i]) + ")");
      }
    }
    return new Limited(limited, notes);
  }

  /**
   * A score between {@code anchor} and its neighbour {@code next} in the within ranking: their
   * midpoint, unless that equals the anchor at single precision, where scores are compared by
   * trec_eval (which orders such ties by doc id, so the chunk could pass the anchor's whole tie
   * group); then the closest float below ({@code below}) or above the anchor's.
   */
  private static double between(double anchor, double next, boolean below) {
    double mid = anchor + (next - anchor) / 2;
    float single = (float) anchor;
    if ((float) mid != single) {
      return mid;
    }
    return below ? Math.nextDown(single) : Math.nextUp(single);
  }

  /**
   * Scores after the limit, and the limit's note for each hit it changed (null elsewhere).
   *
   * @param scores the limited scores
   * @param notes per hit, the limit's explanation valued at what it changed, or null
   */
  record Limited(double[] scores, Explanation[] notes) {}
}
