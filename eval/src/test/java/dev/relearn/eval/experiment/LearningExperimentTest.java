package dev.relearn.eval.experiment;

import dev.relearn.eval.experiment.LearningResult.CurvePoint;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scenarios end to end on a small collection with the instant hashing embedder: feedback goes
 * through the engine's public API, curves have their checkpoints, results are reproducible from
 * the seed, and every scenario reports its figures.
 */
class LearningExperimentTest {
  @TempDir Path tmp;

  private LearningResult run(Path index, BeirDataset dataset, LearnConfig config,
      Scenario scenario) throws Exception {
    try (Relearn relearn = Relearn.open(index,
        RelearnOptions.defaults().withModel(ModelChoice.HASHING).withQueryCacheSize(1000))) {
      new FirstStageEvaluation(relearn, dataset).indexCorpus(Progress.NONE);
      LearningResult result = new LearningExperiment(relearn, dataset, Fusion.minMax(0.5),
          config, Progress.NONE).run(scenario);
      assertTrue(relearn.feedbackStore().hasFeedback(), "feedback went through the engine");
      return result;
    }
  }

  @Test
  void generalisationLearnsAndIsReproducible() throws Exception {
    BeirDataset dataset = BeirDataset.open(TinyBeir.write(tmp.resolve("tiny")));
    LearnConfig config = LearnConfig.defaults().withCurveEvery(50).withTrials(2000);
    LearningResult first = run(tmp.resolve("a"), dataset, config, Scenario.GENERALISATION);
    assertEquals(120, first.sessions(), "one session per train query");
    assertEquals(List.of(0, 10, 50, 100, 120),
        first.curve().stream().map(CurvePoint::sessions).toList());
    assertEquals(true, first.details().get("cold_start_equals_hybrid"));
    assertEquals(0, first.details().get("cold_start_queries_ranked_otherwise"));
    assertEquals(first.baseline().ndcg(), first.curve().get(0).ndcg10(), 0.0);
    assertEquals(first.learned().ndcg(), first.curve().get(4).ndcg10(), 0.0);
    assertTrue(first.events() > 10 && first.events() <= 120, first.summary());
    assertTrue(first.deltaNdcg() > 0.02, first.summary());
    assertTrue(first.comparison().pRandomisation() < 0.01, first.summary());
    LearningResult again = run(tmp.resolve("b"), dataset, config, Scenario.GENERALISATION);
    assertEquals(first.curve(), again.curve(), "same seed, same curve");
    assertEquals(first.events(), again.events());
    LearningResult other = run(tmp.resolve("c"), dataset, config.withSeed(7).withSessions(30),
        Scenario.GENERALISATION);
    assertEquals(30, other.sessions());
    Map<String, Object> json = first.toJson();
    for (String key : List.of("scenario", "baseline", "learned", "curve", "sessions", "events",
        "p_randomisation", "p_ttest")) {
      assertTrue(json.containsKey(key), key + " in " + json.keySet());
    }
    assertEquals("generalisation", json.get("scenario"));
  }

  @Test
  void noiseAttackAndRepeatedReportTheirFigures() throws Exception {
    BeirDataset dataset = BeirDataset.open(TinyBeir.write(tmp.resolve("tiny")));
    LearnConfig config = LearnConfig.defaults().withTrials(500).withAttackEvents(40);
    LearningResult noise = run(tmp.resolve("n"), dataset, config, Scenario.NOISE);
    assertTrue(noise.details().containsKey("noise_on_seen_queries"), noise.summary());
    assertTrue(noise.user().contains("independent of relevance"), noise.user());

    LearningResult attack = run(tmp.resolve("x"), dataset, config, Scenario.ATTACK);
    String target = (String) attack.details().get("attack_target");
    assertTrue(target.endsWith("-blog") || target.endsWith("-ads"), target);
    Map<?, ?> harm = (Map<?, ?>) attack.details().get("harm");
    for (String key : List.of("mean_drop_ndcg@10", "worst_query_drop_ndcg@10", "queries_hurt",
        "target_in_top10_before", "target_in_top10_after")) {
      assertTrue(harm.containsKey(key), key + " in " + harm);
    }
    double before = ((Number) ((Map<?, ?>) attack.details().get("before_attack"))
        .get("ndcg@10")).doubleValue();
    assertEquals(before - attack.learned().ndcg(),
        ((Number) harm.get("mean_drop_ndcg@10")).doubleValue(), 1e-12);

    LearningResult repeated = run(tmp.resolve("r"), dataset, config, Scenario.REPEATED);
    int feedback = (Integer) repeated.details().get("feedback_sessions");
    int heldOut = (Integer) repeated.details().get("held_out_sessions");
    assertEquals(2 * 2 * TinyBeir.TOPICS, feedback + heldOut, "2 sessions per test query");
    int queries = (Integer) repeated.details().get("held_out_queries");
    assertEquals(queries, repeated.baseline().size(), "the paired tests count each query once");
    assertTrue(queries < heldOut, "some queries have both sessions held out");
    assertEquals(feedback, repeated.sessions());
    assertTrue(repeated.deltaNdcg() > 0, repeated.summary());
  }

  @Test
  void mixedRunsTheTrainSessionsWithSomeByTheNoiseUser() throws Exception {
    BeirDataset dataset = BeirDataset.open(TinyBeir.write(tmp.resolve("tiny")));
    LearnConfig config = LearnConfig.defaults().withCurveEvery(50).withTrials(500);
    LearningResult mixed = run(tmp.resolve("m"), dataset, config, Scenario.MIXED);
    System.out.print(mixed.summary());
    assertEquals(Scenario.MIXED, mixed.scenario());
    assertEquals(120, mixed.sessions(), "the generalisation scenario's train sessions");
    assertEquals(LearnConfig.mixedUser(), mixed.user());
    int noisy = (Integer) mixed.details().get("noise_user_sessions");
    assertEquals(IntStream.range(0, 120).filter(config::noisy).count(), (long) noisy);
    assertTrue(noisy > 0 && noisy < 120, "both users ran sessions: " + noisy);
    assertEquals(true, mixed.details().get("cold_start_equals_hybrid"));
    assertEquals(List.of(0, 10, 50, 100, 120),
        mixed.curve().stream().map(CurvePoint::sessions).toList());
    assertEquals(mixed.learned().ndcg(), mixed.curve().get(4).ndcg10(), 0.0);
    Map<String, Object> json = mixed.toJson();
    assertEquals("mixed", json.get("scenario"));
    assertEquals(5, ((List<?>) json.get("curve")).size());
    assertEquals(LearnConfig.MIXED_NOISE_SHARE, json.get("noise_user_share"));
  }
}
