package dev.relearn.eval.learning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.beir.SharedDatasets;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.firststage.FirstStageResult;
import dev.relearn.indexer.build.ConsoleProgress;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.search.SearchMode;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Learning on ToolLens (issue #4): with an empty feedback store the learned mode equals hybrid
 * exactly; after simulated users record feedback for the train queries through the public API,
 * test nDCG@10 of the learned mode rises above the hybrid first stage.
 */
@Tag("quality")
class LearningQualityTest {
  private static final Path VECTOR_CACHE = Path.of(System.getProperty("relearn.vectorCache",
      System.getProperty("user.home") + "/.cache/relearn/vectors"));

  @Test
  void feedbackOnTrainQueriesImprovesTestQueries(@TempDir Path index) throws Exception {
    BeirDataset toollens = SharedDatasets.open("toollens");
    RelearnOptions options = RelearnOptions.defaults().withModel(ModelChoice.BGE_SMALL)
        .withVectorCacheDir(VECTOR_CACHE).withQueryCacheSize(40_000);
    try (Relearn relearn = Relearn.open(index, options)) {
      FirstStageEvaluation evaluation = new FirstStageEvaluation(relearn, toollens);
      evaluation.indexCorpus(Progress.NONE);
      FirstStageResult hybrid = evaluation.evaluate("test", SearchMode.HYBRID, Fusion.minMax(0.5),
          Progress.NONE);
      FirstStageResult coldLearned = evaluation.evaluate("test", SearchMode.LEARNED,
          Fusion.minMax(0.5), Progress.NONE);
      assertEquals(hybrid.ndcgAt10(), coldLearned.ndcgAt10(), 0.0, "cold start equals hybrid");
      SimulatedFeedback.Summary summary = new SimulatedFeedback(relearn, 10)
          .record(toollens, "train", ConsoleProgress.stderr());
      FirstStageResult learned = evaluation.evaluate("test", SearchMode.LEARNED,
          Fusion.minMax(0.5), Progress.NONE);
      System.out.println("toollens train feedback: " + summary);
      System.out.println("hybrid:  " + hybrid.summary());
      System.out.println("learned: " + learned.summary());
      assertTrue(learned.ndcgAt10() > hybrid.ndcgAt10(),
          "learned " + learned.ndcgAt10() + " vs hybrid " + hybrid.ndcgAt10());
    }
  }
}
