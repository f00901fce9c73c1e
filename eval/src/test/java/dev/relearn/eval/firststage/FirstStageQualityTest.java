package dev.relearn.eval.firststage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.beir.ExpectedMetric;
import dev.relearn.eval.beir.ExpectedMetrics;
import dev.relearn.eval.beir.SharedDatasets;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import dev.relearn.indexer.build.ConsoleProgress;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.search.SearchMode;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The first-stage regression bars in {@code expected/first-stage.json}, checked on the shared
 * BEIR datasets with the real bge-small model. Document vectors come from the vector cache named
 * by the {@code relearn.vectorCache} property (the build points it at a per-user folder), so
 * only the first run on a machine embeds the corpora.
 */
@Tag("quality")
class FirstStageQualityTest {
  private static final Path VECTOR_CACHE = Path.of(System.getProperty("relearn.vectorCache",
      System.getProperty("user.home") + "/.cache/relearn/vectors"));

  static ExpectedMetrics expected() throws Exception {
    try (InputStream in = FirstStageQualityTest.class.getResourceAsStream(
        "/expected/first-stage.json")) {
      return ExpectedMetrics.load(in, "expected/first-stage.json");
    }
  }

  /** Search mode and fusion for a mode name of the expectations file. */
  static SearchMode mode(String name) {
    return name.startsWith("hybrid") ? SearchMode.HYBRID : SearchMode.fromLabel(name);
  }

  static Fusion fusion(String name) {
    return name.equals("hybrid-rrf") ? Fusion.rrf(60) : Fusion.minMax(0.5);
  }

  @ParameterizedTest
  @ValueSource(strings = {"scifact", "nfcorpus", "toollens"})
  void firstStageMeetsItsBars(String name, @org.junit.jupiter.api.io.TempDir Path index)
      throws Exception {
    BeirDataset dataset = SharedDatasets.open(name);
    List<ExpectedMetric> bars = expected().entries().stream()
        .filter(e -> e.dataset().equals(name)).toList();
    assertFalse(bars.isEmpty(), "no bars for " + name);
    RelearnOptions options = RelearnOptions.defaults().withModel(ModelChoice.BGE_SMALL)
        .withVectorCacheDir(VECTOR_CACHE).withQueryCacheSize(20_000);
    List<String> failures = new ArrayList<>();
    try (Relearn relearn = Relearn.open(index, options)) {
      FirstStageEvaluation evaluation = new FirstStageEvaluation(relearn, dataset);
      IndexReport report = evaluation.indexCorpus(ConsoleProgress.stderr());
      System.out.println(report.summary());
      assertTrue(report.problems().isEmpty(), report.problems().toString());
      Set<String> splitModes = new LinkedHashSet<>();
      bars.forEach(bar -> splitModes.add(bar.split() + "\u0000" + bar.mode()));
      for (String splitMode : splitModes) {
        String split = splitMode.substring(0, splitMode.indexOf('\u0000'));
        String modeName = splitMode.substring(split.length() + 1);
        FirstStageResult result = evaluation.evaluate(split, mode(modeName), fusion(modeName),
            Progress.NONE);
        System.out.println(modeName + ": " + result.summary());
        for (ExpectedMetric bar : bars) {
          if (bar.split().equals(split) && bar.mode().equals(modeName)) {
            double measured = measured(result, bar.metric().name());
            System.out.println("  " + bar.message(measured));
            if (!bar.check(measured)) {
              failures.add(bar.message(measured));
            }
          }
        }
      }
      if (name.equals("scifact")) {
        assertColdStartEqualsHybrid(evaluation, dataset);
      }
    }
    assertTrue(failures.isEmpty(), "below the bar:\n" + String.join("\n", failures));
  }

  /** Issue #4: with no feedback, learned ranks every test query exactly as hybrid. */
  private static void assertColdStartEqualsHybrid(FirstStageEvaluation evaluation,
      BeirDataset dataset) throws Exception {
    Set<String> ids = dataset.queryIds("test");
    Run hybrid = evaluation.run(dataset.queries(), ids, SearchMode.HYBRID, Fusion.minMax(0.5),
        Progress.NONE);
    Run learned = evaluation.run(dataset.queries(), ids, SearchMode.LEARNED, Fusion.minMax(0.5),
        Progress.NONE);
    for (String id : ids) {
      assertEquals(hybrid.ranking(id).stream().map(ScoredDoc::docId).toList(),
          learned.ranking(id).stream().map(ScoredDoc::docId).toList(), "query " + id);
    }
    System.out.println("cold start: learned == hybrid (ids and order) for " + ids.size()
        + " SciFact test queries");
  }

  private static double measured(FirstStageResult result, String metric) {
    return switch (metric) {
      case "ndcg@10" -> result.ndcgAt10();
      case "recall@100" -> result.recallAt100();
      case "mrr@10" -> result.mrrAt10();
      default -> throw new IllegalArgumentException("no such metric in a first-stage result: "
          + metric);
    };
  }
}
