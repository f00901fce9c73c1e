package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.RelearnOperations;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.experiment.DatasetEvaluation;
import dev.relearn.eval.experiment.LearnConfig;
import dev.relearn.eval.experiment.LearningExperiment;
import dev.relearn.eval.experiment.LearningResult;
import dev.relearn.eval.experiment.Scenario;
import dev.relearn.eval.experiment.Split;
import dev.relearn.eval.firststage.JudgmentCoverage;
import dev.relearn.engine.ConsoleProgress;
import dev.relearn.lucene.fusion.Fusion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code relearn eval learn}: simulated users teach the engine; the learning curve is measured. */
@Command(name = "learn",
    footer = {
      "  relearn eval learn --dataset ../shared/datasets/toollens",
      "  relearn eval learn --dataset ../shared/datasets/scifact --scenario noise",
      "  relearn eval learn --dataset ../shared/datasets/nfcorpus --sessions 500"},
    description = {"Simulated users search a BEIR dataset and record feedback; the learned"
        + " mode's test nDCG@10 is measured along the way.",
        "Scenarios: generalisation (train feedback, test queries), repeated (feedback on some"
            + " of the test queries' sessions), noise (random clicks), attack (one session spams"
            + " an irrelevant chunk), mixed (train sessions, some by the noise user).",
        "All feedback in the index is forgotten first: without --index the index is"
            + " .relearn/eval/<dataset>, and an explicit --index that has feedback needs"
            + " --reset-feedback, as does --cluster (all its feedback is forgotten)."
            + " --max-queries caps the test split."})
final class EvalLearnCommand extends CliCommand.WithJson {
  @Mixin EngineOptions engine;
  @Mixin WriteOptions writes;
  @Mixin EvalUserOptions user;
  @Mixin MaxQueriesOption cap;
  @Mixin ClusterOption cluster;

  @Option(names = "--dataset", paramLabel = "BEIR_DIR", required = true,
      description = "A BEIR folder, e.g. ../shared/datasets/toollens.")
  Path dataset;

  @Option(names = "--train-split", paramLabel = "SPLIT", defaultValue = "train",
      description = "Split the sessions draw their queries from (default: ${DEFAULT-VALUE}).")
  String trainSplit;

  @Option(names = "--test-split", paramLabel = "SPLIT", defaultValue = "test",
      description = "Split evaluated (default: ${DEFAULT-VALUE}).")
  String testSplit;

  @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "generalisation",
      description = "generalisation, repeated, noise, attack or mixed (default:"
          + " ${DEFAULT-VALUE}).")
  String scenario;

  @Option(names = "--reset-feedback", negatable = false,
      description = "Allow forgetting the feedback of --index or --cluster.")
  boolean resetFeedback;

  @Override
  public Integer call() throws Exception {
    Scenario chosen = check(() -> Scenario.fromLabel(scenario));
    cap.check(spec);
    LearnConfig config = check(() -> user.config().withSplits(trainSplit,
        testSplit).withMaxQueries(cap.limit()));
    Fusion fusion = check(user::fusion);
    boolean explicitIndex = given("--index");
    BeirDataset beir = DatasetOptions.open(spec, "--dataset", dataset);
    // unknown splits fail here, before any indexing, and malformed queries or qrels, or splits
    // with nothing to learn from or score
    DatasetOptions.requireSplit(spec, beir, "--test-split", testSplit);
    DatasetOptions.requireRelevantQueries(beir, "--test-split", testSplit);
    if (chosen != Scenario.REPEATED) { // whose sessions search the test queries
      DatasetOptions.requireSplit(spec, beir, "--train-split", trainSplit);
      DatasetOptions.requireRelevantQueries(beir, "--train-split", trainSplit);
      noteSharedQueries(beir);
    }
    DatasetOptions.useOwnIndex(spec, engine, beir);
    if (cluster.given()) {
      require(resetFeedback, "eval learn --cluster forgets all feedback on the cluster, of every"
          + " chunk index; add --reset-feedback to allow it");
      try (RelearnCluster relearn = cluster.connect(engine)) {
        boolean complete = DatasetOptions.indexCorpus(relearn, beir, err());
        run(relearn, beir, fusion, config, chosen);
        return complete ? 0 : 1;
      }
    }
    try (Relearn relearn = engine.openOrCreate(
        engine.options(false).withQueryCacheSize(DatasetEvaluation.QUERY_CACHE))) {
      if (explicitIndex && !resetFeedback && relearn.feedbackStore().hasFeedback()) {
        throw new ParameterException(spec.commandLine(), "index " + engine.index
            + " has feedback, which the experiment would forget; add --reset-feedback to allow"
            + " it, or use another --index");
      }
      boolean complete = DatasetOptions.indexCorpus(relearn, beir, err()).complete();
      DatasetOptions.noteCoverage(relearn, beir, testSplit, cap.first(beir.queryIds(testSplit)),
          err());
      run(relearn, beir, fusion, config, chosen);
      return complete ? 0 : 1;
    }
  }

  /** Names the test queries that the train split judges too: train sessions may search them. */
  private void noteSharedQueries(BeirDataset beir) throws IOException {
    Set<String> trained = beir.qrels(trainSplit).queryIds();
    Set<String> tested = beir.queryIds(testSplit);
    List<String> shared = tested.stream().filter(trained::contains).toList();
    if (!shared.isEmpty()) {
      err().println("relearn: " + JudgmentCoverage.sharedQueriesNote(shared, tested.size(),
          "qrels/" + testSplit + ".tsv", "qrels/" + trainSplit + ".tsv"));
    }
  }

  private void run(RelearnOperations relearn, BeirDataset beir, Fusion fusion,
      LearnConfig config, Scenario chosen) throws Exception {
    LearningResult result = new LearningExperiment(relearn, beir, fusion, config,
        ConsoleProgress.stderr()).run(chosen);
    if (chosen == Scenario.REPEATED && user.sessions != null
        && user.sessions > result.sessions()) {
      err().printf(Locale.ROOT, "note: --sessions %d: the repeated scenario has %d feedback"
          + " sessions (%d per test query, each recording feedback with probability %.1f)%n",
          user.sessions, result.sessions(), LearnConfig.REPEATS, LearnConfig.FEEDBACK_SHARE);
    }
    int available = Split.of(beir, testSplit).size();
    PrintWriter out = out();
    if (json) {
      out.println(json(cap.addTo(result.toJson(), available)));
    } else {
      out.print(result.summary());
      String note = cap.note(available, "test queries");
      out.println(note.isEmpty() ? "" : "  " + note.strip());
    }
  }
}
