package dev.relearn.lucene.trust;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.rerank.FeedbackEvidence;
import dev.relearn.lucene.rerank.LinearModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The preferences of one logged query, with the votes that other sessions' similar queries cast
 * on its chunks. A chunk with clicks is preferred over every chunk that was examined (shown)
 * without a click; each pair carries how much likelier the clicked chunk was to be seen, from
 * the examinations its ranks gave both. Stateless.
 */
public final class VotePairs {
  /**
   * The most preference weight one session adds to a fit, however many queries it logged: so
   * that one session (an attacker's, say) cannot talk the trust down or up on its own.
   */
  public static final double SESSION_PAIRS = 20;

  private VotePairs() {}

  /**
   * {@code pairs} scaled down so that {@code session}'s pairs weigh at most {@link
   * #SESSION_PAIRS} in all; {@code used} keeps each session's weight so far.
   */
  public static List<VotePair> capped(Map<String, Double> used, String session,
      List<VotePair> pairs) {
    double total = 0;
    for (VotePair pair : pairs) {
      total += pair.weight();
    }
    double before = used.getOrDefault(session, 0.0);
    double allowed = Math.max(0, SESSION_PAIRS - before);
    used.put(session, before + Math.min(total, allowed));
    if (total <= allowed) {
      return pairs;
    }
    List<VotePair> scaled = new ArrayList<>();
    double factor = allowed / total;
    for (VotePair pair : pairs) {
      if (factor > 0) {
        scaled.add(new VotePair(pair.difference(), pair.position(), pair.weight() * factor));
      }
    }
    return scaled;
  }

  /**
   * The pairs of one query.
   *
   * @param logged what the query's session did, per chunk id: examinations and clicks
   * @param others similar past queries of other sessions: the evidence the vote is cast from
   * @param model the model whose {@link LinearModel#vote} turns evidence into a vote
   */
  public static List<VotePair> of(Map<String, ChunkEvidence> logged, FeedbackEvidence others,
      LinearModel model) {
    List<VotePair> pairs = new ArrayList<>();
    for (Map.Entry<String, ChunkEvidence> clicked : logged.entrySet()) {
      double click = Math.min(1, clicked.getValue().clicks());
      double seen = clicked.getValue().examinations();
      if (click <= 0 || seen <= 0) {
        continue;
      }
      double vote = model.vote(others.boost(clicked.getKey()));
      for (Map.Entry<String, ChunkEvidence> skipped : logged.entrySet()) {
        ChunkEvidence evidence = skipped.getValue();
        if (evidence.clicks() > 0 || evidence.examinations() <= 0) {
          continue;
        }
        pairs.add(new VotePair(vote - model.vote(others.boost(skipped.getKey())),
            Math.log(seen) - Math.log(evidence.examinations()), click));
      }
    }
    return pairs;
  }
}
