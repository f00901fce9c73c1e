package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.firststage.FirstStageResult;
import dev.relearn.indexer.build.ConsoleProgress;
import dev.relearn.indexer.build.IndexReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code relearn eval}: scores a search mode on a BEIR dataset split. */
@Command(name = "eval", mixinStandardHelpOptions = true,
    description = {"Evaluate a search mode on a BEIR dataset: nDCG@10, Recall@100, MRR@10.",
        "The corpus is indexed first unless the index already holds it (then nothing is"
            + " embedded). Without --index the index is .relearn/eval/<dataset>."})
final class EvalCommand implements Callable<Integer> {
  @Mixin EngineOptions engine;
  @Mixin SearchOptions search;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin DatasetOptions data;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    BeirDataset beir = data.open(spec, engine);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (Relearn relearn = engine.open(false)) {
      FirstStageEvaluation evaluation = new FirstStageEvaluation(relearn, beir);
      IndexReport report = evaluation.indexCorpus(ConsoleProgress.stderr());
      err.println(report.summary());
      IndexCommand.printProblems(err, report.problems());
      FirstStageResult result =
          evaluation.evaluate(data.split, search.mode(relearn), search.fusion(),
              ConsoleProgress.stderr());
      out.println(json ? Json.write(result.toJson()) : result.summary());
    }
    return 0;
  }
}
