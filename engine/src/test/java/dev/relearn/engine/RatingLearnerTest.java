package dev.relearn.engine;

import static dev.relearn.engine.weights.Configs.withMinSamples;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.Rating;
import dev.relearn.lucene.rerank.CandidateFeatures;
import dev.relearn.lucene.rerank.LearnedBoost;
import dev.relearn.lucene.rerank.LinearModel;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.Update;
import dev.relearn.engine.weights.Weights;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which signals a rating credits: each by how much it favoured the rated chunk in the window. */
class RatingLearnerTest {
  /** Clicked and successful in both of two similar past queries: shrunk boost 0.75. */
  private static final LearnedBoost LIKED = new LearnedBoost(1, 1, 2, 2, 1, 0);

  @TempDir Path tmp;

  @Test
  void upRatingOfAResultTheBoostPromotedRaisesTheLearnedWeightAndADownRatingLowersIt()
      throws Exception {
    // the first stage ranked "top" first; the boost lifted "promoted" (0.9, 0.9) above it
    List<RescoredHit> window = List.of(hit("promoted", 1, 0.9, 0.9, LIKED),
        hit("top", 0, 1, 1, LearnedBoost.NONE), hit("last", 2, 0, 0, LearnedBoost.NONE));
    assertTrue(window.get(0).score() > window.get(1).score(), "the boost promoted it");

    Update up = rate(Rating.thumbs(true), "promoted", window);
    assertTrue(up.weights().learned() > up.before().learned(), "an up-rating credits it: " + up);
    assertTrue(up.weights().bm25() < up.before().bm25(), up.toString());
    Update down = rate(Rating.thumbs(false), "promoted", window);
    assertTrue(down.weights().learned() < down.before().learned(), "a down-rating blames it: "
        + down);
    assertTrue(down.weights().bm25() > down.before().bm25(), down.toString());
  }

  @Test
  void withNoFeedbackInTheWindowARatingMovesOnlyTheStagesThatRankedTheChunk() throws Exception {
    List<RescoredHit> window = List.of(hit("lexical", 0, 1, 0.3, LearnedBoost.NONE),
        hit("both", 1, 0.9, 0.9, LearnedBoost.NONE), hit("last", 2, 0, 0, LearnedBoost.NONE));

    Update lexical = rate(Rating.thumbs(true), "lexical", window);
    assertEquals(0.35 + 0.1 * 0.35, lexical.weights().bm25(), 1e-12, lexical.toString());
    assertEquals(0.35 - 0.1 * 0.35, lexical.weights().vector(), 1e-12, lexical.toString());
    assertEquals(0.3, lexical.weights().learned(), 1e-12, "the learned signal had no say");

    Update both = rate(Rating.thumbs(true), "both", window);
    assertEquals(0.3, both.weights().learned(), 1e-12, both.toString());
    assertEquals(both.weights().bm25(), both.weights().vector(), 1e-12, both.toString());
  }

  @Test
  void aChunkTheBoostRankedBelowOthersIsBlamedOnTheLearnedSignalWhenRatedUp() throws Exception {
    List<RescoredHit> window = List.of(hit("liked", 0, 0.9, 0.9, LIKED),
        hit("rated", 1, 1, 1, LearnedBoost.NONE), hit("last", 2, 0, 0, LearnedBoost.NONE));
    Update up = rate(Rating.thumbs(true), "rated", window);
    assertEquals(0.3 - 0.1 * 2 / 3.0, up.weights().learned(), 1e-12, up.toString());
    assertNull(rate(Rating.thumbs(true), "unknown", window), "a chunk outside the window");
  }

  private Update rate(Rating rating, String chunkId, List<RescoredHit> window)
      throws Exception {
    SavedWeights weights =
        SavedWeights.load(Files.createTempDirectory(tmp, "w"), withMinSamples(AdaptiveWeightsConfig.DEFAULTS, 1));
    RatingLearner learner = new RatingLearner(weights, LinearModel.DEFAULT);
    Update update = learner.learn(QueryClass.KEYWORDS, rating, List.of(chunkId), window, 1_000L,
        "r1");
    if (update != null) {
      assertEquals(Weights.DEFAULT, update.before());
    }
    return update;
  }

  private static RescoredHit hit(String chunkId, int position, double bm25, double vector,
      LearnedBoost boost) {
    CandidateFeatures features = new CandidateFeatures((bm25 + vector) / 2, (bm25 + vector) / 2,
        null, null, bm25, vector, boost, 0, 0, 0, 0, List.of());
    return new RescoredHit(position, chunkId, position, LinearModel.DEFAULT.score(features),
        features, null);
  }
}
