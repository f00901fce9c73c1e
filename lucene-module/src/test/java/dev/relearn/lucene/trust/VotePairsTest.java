package dev.relearn.lucene.trust;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.rerank.FeedbackEvidence;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.VoteWeighting;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VotePairsTest {
  @Test
  void eachClickIsPreferredOverEachShownSkipWithTheVotesOfOthers() {
    Map<String, ChunkEvidence> logged = new LinkedHashMap<>();
    logged.put("top", new ChunkEvidence(1, 0, 0, 0)); // shown first, skipped
    logged.put("second", new ChunkEvidence(0.5, 1, 1, 0)); // shown second, clicked
    logged.put("fifth", new ChunkEvidence(0.2, 0, 0, 0)); // shown fifth, skipped
    // another session's similar query clicked "second" and skipped "top"
    FeedbackEvidence others = new FeedbackEvidence(List.of(new PastQuery(1f, 1, Map.of(
        "top", new ChunkEvidence(1, 0, 0, 0),
        "second", new ChunkEvidence(0.5, 1, 1, 0)), 0)), List.of(),
        new VoteWeighting(Double.POSITIVE_INFINITY, 1)); // similarity-weighted, clicks in full
    LinearModel model = LinearModel.DEFAULT;
    double voteTop = model.vote(others.boost("top"));
    double voteSecond = model.vote(others.boost("second"));

    List<VotePair> pairs = VotePairs.of(logged, others, model);

    assertEquals(List.of(
        new VotePair(voteSecond - voteTop, Math.log(0.5) - Math.log(1), 1),
        new VotePair(voteSecond - 0, Math.log(0.5) - Math.log(0.2), 1)), pairs);
    assertEquals(true, voteSecond > 0 && voteTop < 0);
  }

  @Test
  void aQueryWithoutClicksHasNoPairs() {
    assertEquals(List.of(), VotePairs.of(Map.of("a", new ChunkEvidence(1, 0, 0, 0)),
        FeedbackEvidence.NONE, LinearModel.DEFAULT));
  }
}
