package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.engine.TrustState;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.LearnedValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A query whose own id is among its top 10 (BEIR drops such a self-hit) scores the same nDCG@10
 * at a learning curve's depth (10) as at full depth (100): one more hit is searched to take the
 * dropped one's place. ToolLens has 39 test query ids that are also tool ids.
 */
class ScorerSelfHitsTest {
  /** Every search answers: the query's own id "q1" first, then d001 .. d120, scores descending. */
  private static final class FixedRanking implements RelearnOperations {
    @Override
    public SearchResults search(SearchRequest request) {
      List<String> ids = new ArrayList<>(List.of("q1"));
      for (int i = 1; i <= 120; i++) {
        ids.add(String.format("d%03d", i));
      }
      List<Hit> hits = new ArrayList<>();
      for (int i = 0; i < Math.min(request.k(), ids.size()); i++) {
        hits.add(new Hit(ids.get(i), ids.get(i), null, ChunkKind.TEXT, "", List.of(), 1, 1, "",
            100.0 - i, null, null, LearnedValues.NEUTRAL));
      }
      return new SearchResults(hits, hits.size(), hits.size());
    }

    @Override
    public FeedbackAck feedback(FeedbackRequest request) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void awaitLearning() {}

    @Override
    public void learnNow() {}

    @Override
    public AdaptiveWeights weights() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void resetWeights(QueryClass queryClass) {}

    @Override
    public int seedWeights(Path historicalRatings) {
      throw new UnsupportedOperationException();
    }

    @Override
    public TrustState trust() {
      throw new UnsupportedOperationException();
    }
  }

  @Test
  void curveDepthScoresTheSameNdcgAt10AsFullDepthWhenASelfHitIsInTheTop10() throws Exception {
    // q1's only relevant doc is d010. Ranking: q1 (self-hit), d001, ..., d010, d011, ...
    // Full depth (100): self-hit dropped, d010 moves up to rank 10:
    //   nDCG@10 = (1 / log2(11)) / (1 / log2(2)) = 1 / 3.4594 = 0.28906
    // Curve depth (10): 11 searched, q1 dropped: d001..d010, the same top 10
    Qrels qrels = Qrels.builder().add("q1", "d010", 1).build();
    Split split = new Split("test", List.of("q1"), Map.of("q1", "some text"), qrels, 1);
    Scorer scorer = new Scorer(new FixedRanking(), Fusion.byQueryClass());

    double full = scorer.score(split, List.of("q1"), SearchMode.LEARNED, Scorer.DEPTH)
        .scores().ndcg();
    double curve = scorer.score(split, List.of("q1"), SearchMode.LEARNED, Scorer.CURVE_DEPTH)
        .scores().ndcg();

    assertEquals(1 / (Math.log(11) / Math.log(2)), full, 1e-12, "full depth");
    assertEquals(full, curve, 1e-12,
        "an intermediate curve checkpoint (depth 10) must score the same nDCG@10 as depth 100");
  }
}
