package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.rerank.CandidateFeatures;
import dev.relearn.lucene.rerank.RescoredHit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cold_start_equals_hybrid} reads both orders from one learned window: a window whose
 * every hit is at its hybrid position ranks as hybrid, one that moved a hit does not; on an engine
 * the check finds no query ranked otherwise before feedback, some after it, none after a reset.
 */
class ColdStartCheckTest {
  @TempDir Path tmp;

  /** Hits at the given hybrid positions, in learned order. */
  private static List<RescoredHit> window(int... positions) {
    List<RescoredHit> hits = new ArrayList<>();
    for (int i = 0; i < positions.length; i++) {
      double score = positions.length - i;
      hits.add(new RescoredHit(positions[i], "c" + positions[i], positions[i], score,
          CandidateFeatures.neutral(score, 0.5), null));
    }
    return hits;
  }

  @Test
  void aWindowRanksAsHybridWhenEveryHitKeepsItsPosition() {
    assertTrue(Scorer.keepsHybridOrder(window(0, 1, 2, 3)));
    assertTrue(Scorer.keepsHybridOrder(window()), "nothing found");
    assertFalse(Scorer.keepsHybridOrder(window(0, 2, 1, 3)), "two swapped");
    assertFalse(Scorer.keepsHybridOrder(window(3, 0, 1, 2)), "one moved to the top");
  }

  @Test
  void feedbackReordersSomeQueriesAndAResetNone() throws Exception {
    BeirDataset dataset = BeirDataset.open(TinyBeir.write(tmp.resolve("tiny")));
    Fusion fusion = Fusion.byQueryClass();
    LearnConfig config = LearnConfig.defaults().withTrials(100);
    try (Relearn engine = DatasetEvaluation.open(RelearnOptions.defaults()
        .withModel(ModelChoice.HASHING), tmp.resolve("index"), dataset, Progress.NONE)) {
      LearningExperiment experiment =
          new LearningExperiment(engine, dataset, fusion, config, Progress.NONE);
      Split test = experiment.test();
      assertEquals(0, new Scorer(engine, fusion).queriesRankedOtherwise(test), "cold");
      LearningResult trained = experiment.generalisation();
      assertEquals(true, trained.details().get("cold_start_equals_hybrid"));
      int reordered = new Scorer(engine, fusion).queriesRankedOtherwise(test);
      System.out.printf("test queries ranked otherwise after %d sessions: %d of %d%n",
          trained.sessions(), reordered, test.size());
      assertTrue(reordered > 0, "feedback reordered no test query");
      LearningExperiment.reset(engine);
      assertEquals(0, new Scorer(engine, fusion).queriesRankedOtherwise(test), "reset");
    }
  }
}
