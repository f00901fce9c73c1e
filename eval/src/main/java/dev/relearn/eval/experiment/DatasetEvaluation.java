package dev.relearn.eval.experiment;

import dev.relearn.eval.experiment.Scorer.ModeRun;
import dev.relearn.eval.experiment.DatasetReport.TableRow;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.stats.PairedComparison;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.SearchMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * One dataset's full evaluation in one run. In {@code workDir/<dataset>}: bm25, vector, hybrid
 * (min-max α 0.5 and RRF 60) and the oracle bound on the test queries, then the scenarios
 * (generalisation's learned mode is the table's "hybrid + learned"); in {@code
 * workDir/<dataset>-protected}: generalisation again with protected query vectors. Both share one
 * {@link SharedEmbedder}, so the corpus and each query are embedded once.
 */
public final class DatasetEvaluation {
  /** Query embeddings kept in memory: covers every train and test query of the shared sets. */
  public static final int QUERY_CACHE = 40_000;
  /** The table's rows, in order. */
  public static final List<String> SYSTEMS = List.of("bm25", "vector", "hybrid",
      "hybrid-rrf", "hybrid+learned", "learned-protected", "oracle");

  private final BeirDataset dataset;
  private final Path workDir;
  private final RelearnOptions options;
  private final LearnConfig config;
  private final Progress progress;
  private final Fusion fusion = Fusion.byQueryClass();

  /** @param options engine options, made writable with a query cache of {@link #QUERY_CACHE} */
  public DatasetEvaluation(BeirDataset dataset, Path workDir, RelearnOptions options,
      LearnConfig config, Progress progress) {
    this.dataset = Objects.requireNonNull(dataset, "dataset");
    this.workDir = Objects.requireNonNull(workDir, "workDir");
    this.options = writableWithQueryCache(options);
    this.config = Objects.requireNonNull(config, "config");
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  /**
   * Runs everything; without a curve interval, the curve is measured about every eighth of the
   * train sessions (a round 1-2-5 step).
   */
  public DatasetReport run() throws IOException {
    long start = System.nanoTime();
    try (SharedEmbedder embedder = SharedEmbedder.of(options, QUERY_CACHE)) {
      return run(options.withEmbedder(embedder), start);
    }
  }

  private DatasetReport run(RelearnOptions shared, long start) throws IOException {
    TableRow[] rows = new TableRow[SYSTEMS.size()];
    LearningResult generalisation;
    LearningResult attack;
    LearningResult noise;
    LearningResult mixed;
    LearningResult repeated;
    int trainQueries;
    int testQueries;
    ModeRun hybrid;
    LearnConfig config = this.config;
    try (Relearn engine = open(shared, workDir.resolve(dataset.name()), false)) {
      LearningExperiment experiment =
          new LearningExperiment(engine, dataset, fusion, config, progress);
      Split test = experiment.test();
      trainQueries = experiment.train().size();
      testQueries = test.size();
      if (config.curveEvery() == 0) {
        config = config.withCurveEvery(niceStep(config.sessionsFor(trainQueries) / 8.0));
        experiment = new LearningExperiment(engine, dataset, fusion, config, progress);
      }
      Scorer scorer = new Scorer(engine, fusion);
      hybrid = experiment.hybridTest();
      rows[2] = new TableRow("hybrid", hybrid.scores(), null);
      rows[0] = row("bm25", scorer.score(test, SearchMode.BM25).scores(), hybrid);
      rows[1] = row("vector", scorer.score(test, SearchMode.VECTOR).scores(), hybrid);
      rows[3] = row("hybrid-rrf", new Scorer(engine, Fusion.rrf(60))
          .score(test, SearchMode.HYBRID).scores(), hybrid);
      Run oracle = Scorer.oracle(hybrid.run(), test.qrels());
      rows[6] = row("oracle", Scorer.scores(test, oracle, new LinkedHashSet<>(test.ids())),
          hybrid);
      generalisation = experiment.generalisation();
      rows[4] = row("hybrid+learned", generalisation.learned(), hybrid);
      attack = experiment.attack(generalisation);
      noise = experiment.noise();
      mixed = experiment.mixed();
      repeated = experiment.run(Scenario.REPEATED);
    }
    LearningResult protectedVectors;
    try (Relearn engine = open(shared, workDir.resolve(dataset.name() + "-protected"), true)) {
      protectedVectors = new LearningExperiment(engine, dataset, fusion, config, progress)
          .generalisation();
      rows[5] = row("learned-protected", protectedVectors.learned(), hybrid);
    }
    return new DatasetReport(dataset.name(), trainQueries, testQueries, List.of(rows),
        generalisation, protectedVectors, attack, noise, mixed, repeated,
        (System.nanoTime() - start) / 1e9);
  }

  /** {@code options} for an evaluation index: writable, a query cache of {@link #QUERY_CACHE}+. */
  static RelearnOptions writableWithQueryCache(RelearnOptions options) {
    return options.withQueryCacheSize(Math.max(options.queryCacheSize(), QUERY_CACHE))
        .withReadOnly(false);
  }

  /** The 1-2-5 number (1, 2, 5, 10, 20, ...) nearest {@code raw} on a log scale; at least 1. */
  static int niceStep(double raw) {
    if (!(raw > 1)) {
      return 1;
    }
    double best = 1;
    for (double decade = 1; decade <= raw * 10; decade *= 10) {
      for (double m : new double[] {1, 2, 5}) {
        if (Math.abs(Math.log(m * decade / raw)) < Math.abs(Math.log(best / raw))) {
          best = m * decade;
        }
      }
    }
    return (int) best;
  }

  private Relearn open(RelearnOptions shared, Path dir, boolean protectVectors)
      throws IOException {
    return open(shared.withProtectedQueryVectors(protectVectors), dir, dataset, progress);
  }

  /**
   * An engine on {@code dir} holding {@code dataset}'s corpus, indexed now unless it was; throws
   * when indexing reported problems.
   */
  static Relearn open(RelearnOptions options, Path dir, BeirDataset dataset, Progress progress)
      throws IOException {
    Relearn engine = Relearn.open(dir, options);
    try {
      IndexReport report = new FirstStageEvaluation(engine, dataset).indexCorpus(progress);
      if (!report.problems().isEmpty()) {
        throw new IllegalStateException("indexing " + dataset.name() + " reported problems: "
            + report.problems());
      }
      return engine;
    } catch (IOException | RuntimeException e) {
      engine.close();
      throw e;
    }
  }

  private TableRow row(String system, QueryScores scores, ModeRun hybrid) {
    return new TableRow(system, scores, PairedComparison.of(hybrid.scores().ndcg10(),
        scores.ndcg10(), config.randomisation()));
  }
}
