package dev.relearn.eval.trec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.beir.SharedDatasets;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.metrics.MetricsFixtures;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.SearchMode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real runs, scored by relearn and by trec_eval: BM25 and hybrid runs of relearn's engine over the
 * SciFact and NFCorpus (graded) test splits, written by {@link TrecRunWriter}, read back by {@link
 * TrecRunReader} unchanged, and equal to trec_eval's figures to 4 decimals per query. The index
 * uses the instant hashing embedder: the metrics do not care how good the run is. Tagged {@code
 * quality} because it indexes two shared datasets (about 20 s).
 */
@Tag("quality")
class TrecEvalRealRunsTest {
  @TempDir Path dir;

  @BeforeEach
  void trecEvalRuns() {
    TrecEval.requireSupportedPlatform();
  }

  @ParameterizedTest
  @ValueSource(strings = {"scifact", "nfcorpus"})
  void engineRunsMatchTrecEval(String name) throws Exception {
    BeirDataset dataset = BeirDataset.open(SharedDatasets.root().resolve(name));
    try (Relearn relearn = Relearn.open(dir.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      FirstStageEvaluation evaluation = new FirstStageEvaluation(relearn, dataset);
      evaluation.indexCorpus(Progress.NONE);
      for (SearchMode mode : List.of(SearchMode.BM25, SearchMode.HYBRID)) {
        check(evaluation, dataset, mode);
      }
    }
  }

  private void check(FirstStageEvaluation evaluation, BeirDataset dataset, SearchMode mode)
      throws Exception {
    String what = dataset.name() + " " + mode.label();
    Set<String> ids = dataset.queryIds("test");
    Run run = evaluation.run(dataset.queries(), ids, mode, Fusion.minMax(0.5),
        FirstStageEvaluation.DEPTH, Progress.NONE)
        .withoutSelfHits(Integer.MAX_VALUE);
    Path file = dir.resolve(dataset.name() + "-" + mode.label() + ".run");
    new TrecRunWriter("relearn-" + mode.label()).write(run, file);
    Run read = TrecRunReader.read(file);
    // a query that retrieved nothing has no line in a TREC file
    assertEquals(run.queryIds().stream().filter(id -> !run.ranking(id).isEmpty()).toList(),
        List.copyOf(read.queryIds()), what + ": round trip keeps the queries with hits");
    for (String id : run.queryIds()) {
      assertEquals(run.ranking(id), read.ranking(id), what + ": round trip of query " + id);
    }
    Qrels qrels = onlyQueries(dataset.qrels("test"), ids);
    assertTrue(qrels.queryIds().size() >= 300, what + ": queries " + qrels.queryIds().size());
    TrecEvalCrossCheckTest.assertMatches(qrels, read, what, dir);
  }

  private static Qrels onlyQueries(Qrels qrels, Set<String> ids) {
    Map<String, Map<String, Integer>> kept = new LinkedHashMap<>();
    for (String id : ids) { // every judged query with a text, as relearn eval counts them
      kept.put(id, qrels.judgments(id));
    }
    return MetricsFixtures.qrels(kept);
  }
}
