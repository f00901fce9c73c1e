package dev.relearn.cli;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.experiment.DatasetEvaluation;
import dev.relearn.eval.experiment.DatasetReport;
import dev.relearn.eval.experiment.LearnConfig;
import dev.relearn.eval.report.EvaluationReport;
import dev.relearn.eval.report.ReportFiles;
import dev.relearn.engine.ConsoleProgress;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code relearn eval report}: every table, scenario and curve on the shared datasets, written
 * to {@code docs/EVALUATION.md}, {@code docs/evaluation.json} and {@code
 * docs/evaluation-curves.svg}.
 */
@Command(name = "report",
    footer = {
      "  relearn eval report",
      "  relearn eval report --datasets scifact --out /tmp/EVALUATION.md"},
    description = {"Run the full evaluation on BEIR datasets and write the report.",
        "Writes --out, plus evaluation.json and evaluation-curves.svg beside it. The indexes in"
            + " --work have their feedback forgotten and rewritten."})
final class EvalReportCommand extends CliCommand {
  @Mixin EvalUserOptions user;

  @Option(names = "--out", paramLabel = "FILE", defaultValue = "docs/EVALUATION.md",
      description = "The Markdown report (default: ${DEFAULT-VALUE}).")
  Path out;

  @Mixin EvalDatasetsOptions sets;

  @Override
  public Integer call() throws Exception {
    LearnConfig config = check(user::config);
    List<BeirDataset> opened = sets.open(spec, config.testSplit(), config.trainSplit());
    PathChecks.requireWritable("--out", out); // before the hour of work, not after
    RelearnOptions options = sets.options(spec);
    PrintWriter err = err();
    long start = System.nanoTime();
    List<DatasetReport> reports = new ArrayList<>();
    for (BeirDataset dataset : opened) {
      err.println("evaluating " + dataset.name() + " ...");
      DatasetReport report = new DatasetEvaluation(dataset, sets.work, options, config,
          ConsoleProgress.stderr()).run();
      err.println(dataset.name() + " done in " + Math.round(report.seconds()) + " s");
      reports.add(report);
    }
    EvaluationReport report = new EvaluationReport(commandLine(), settings(config, options),
        reports, (System.nanoTime() - start) / 1e9);
    for (Path written : ReportFiles.write(report, out)) {
      out().println("wrote " + written);
    }
    return 0;
  }

  /** The command as typed: the root's parse result holds every argument from "eval" on. */
  private String commandLine() {
    return "bin/relearn " + String.join(" ", spec.root().commandLine().getParseResult()
        .originalArgs());
  }

  private Map<String, Object> settings(LearnConfig config, RelearnOptions options) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("first stage", (options.model() == ModelChoice.HASHING
        ? "the hashing embedder (a stand-in: much lower quality than bge-small)"
        : "bge-small-en-v1.5 with its query instruction") + " (HNSW) and BM25, top 100 candidates"
        + " per retriever; hybrid fuses by min-max, α 0.5, unless marked RRF");
    settings.put("metrics", "nDCG@10 and Recall@100 with trec_eval's semantics (cross-checked"
        + " against trec_eval 9.0.4 in the tests); BEIR's protocol: top 100, self-hits dropped;"
        + " a judged query without a relevant document counts as 0, as in trec_eval");
    settings.put("significance", "paired two-sided tests on per-query nDCG@10 against hybrid:"
        + " randomisation (" + String.format(Locale.ROOT, "%,d", config.trials())
        + " seeded sign flips)"
        + " and Student's t");
    settings.put("feedback sessions", (config.sessions() < 0 ? "one per train query"
        : config.sessions() + " per dataset") + ", in seeded random order; each searches in"
        + " learned mode (equal to hybrid before any feedback), shows the top "
        + config.user().shown() + ", and records the clicks through Relearn.feedback with the"
        + " shown list and the outcome");
    settings.put("simulated user", config.user().describe());
    settings.put("noise user", config.noiseUser().describe());
    settings.put("mixed user", LearnConfig.mixedUser());
    settings.put("repeated", LearnConfig.REPEATS + " sessions per test query, each recording"
        + " feedback with probability " + LearnConfig.FEEDBACK_SHARE + "; the rest are held out");
    settings.put("attack", config.attackEvents() + " events from one session");
    settings.put("seed", config.seed());
    settings.put("curve", "measured after 0, 10, 100, 1,000 sessions, every " + (config
        .curveEvery() > 0 ? config.curveEvery() : "eighth of a dataset's sessions (1-2-5 rounded)")
        + " and the last");
    return settings;
  }
}
