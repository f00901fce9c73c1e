package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.firststage.FirstStageResult;
import dev.relearn.eval.firststage.SeenQueries;
import dev.relearn.eval.experiment.DatasetEvaluation;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Plural;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.trec.TrecRunWriter;
import dev.relearn.engine.ConsoleProgress;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code relearn eval}: scores a search mode on a BEIR dataset split, optionally writing the run
 * as a TREC run file.
 */
@Command(name = "eval",
    footer = {
      "  relearn eval --dataset ../shared/datasets/scifact --mode hybrid",
      "  relearn eval --dataset ../shared/datasets/scifact --max-queries 50 --json",
      "  relearn eval --dataset ../shared/datasets/nfcorpus --run-out nfcorpus.run"},
    customSynopsis = {
      "relearn eval --dataset=BEIR_DIR [--split=SPLIT] [--mode=MODE] [OPTIONS...]",
      "       relearn eval (learn | report | score) [OPTIONS...]"},
    subcommands = {EvalLearnCommand.class, EvalReportCommand.class, EvalScoreCommand.class,
        EvalTuneCommand.class},
    description = {"Evaluate a search mode on a BEIR dataset: nDCG@10, Recall@100, MRR@10.",
        "The corpus is indexed first unless the index already holds it (then nothing is"
            + " embedded). Without --index the index is .relearn/eval/<dataset>."})
final class EvalCommand extends CliCommand.WithJson {
  private static final Evaluator EVALUATOR = Evaluator.of("ndcg@10", "recall@100", "mrr@10");

  @Mixin EngineOptions engine;
  @Mixin SearchOptions search;
  @Mixin MaxQueriesOption cap;

  @Mixin DatasetOptions data;

  @Option(names = "--run-out", paramLabel = "FILE",
      description = "Also write the run (top 100 per query) as a TREC run file, for trec_eval.")
  Path runOut;

  @Override
  public Integer call() throws Exception {
    cap.check(spec);
    BeirDataset beir = data.open(spec, engine);
    SearchMode chosen = search.mode(spec);
    Fusion fusion = search.request(spec, chosen, "eval", SearchRequest.DEFAULT_K, null, null)
        .fusion(); // --fusion and --candidates checked
    PathChecks.requireWritable("--run-out", runOut);
    Set<String> all = beir.queryIds(data.split);
    Set<String> ids = new LinkedHashSet<>(cap.first(all));
    requireRelevant(beir, ids);
    PrintWriter out = out();
    PrintWriter err = err();
    // the cache spares a learned score embedding each query twice (SeenQueries, the search)
    try (Relearn relearn = engine.openOrCreate(
        engine.options(false).withQueryCacheSize(DatasetEvaluation.QUERY_CACHE))) {
      DatasetOptions.IndexedCorpus corpus = DatasetOptions.indexCorpus(relearn, beir, err);
      FirstStageEvaluation evaluation = corpus.evaluation();
      DatasetOptions.noteCoverage(relearn, beir, data.split, ids, err);
      SearchMode mode = SearchOptions.orDefault(chosen, relearn);
      if (mode == SearchMode.LEARNED) {
        int seen = SeenQueries.of(relearn, beir.queries(), ids).size();
        if (seen > 0) {
          err.println("relearn: " + SeenQueries.note(seen, ids.size()));
        }
      }
      long start = System.nanoTime();
      Run run = evaluation.run(beir.queries(), ids, mode, fusion, search.candidates,
          ConsoleProgress.stderr()); // self-hits dropped, by BEIR's protocol
      long millis = (System.nanoTime() - start) / 1_000_000L;
      EvaluationResult scores = EVALUATOR.evaluate(beir.qrels(data.split), run, ids);
      FirstStageResult result = new FirstStageResult(beir.name(), data.split, mode.label(),
          mode == SearchMode.HYBRID ? fusion.describe() : null, scores.queryCount(),
          scores.mean("ndcg@10"), scores.mean("recall@100"), scores.mean("mrr@10"), millis);
      out.println(json ? json(cap.addTo(result.toJson(), all.size()))
          : result.summary() + cap.note(all.size(), "queries"));
      out.flush();
      if (runOut != null) {
        writeRun(run, "relearn-" + mode.label(), err);
      }
      return corpus.complete() ? 0 : 1;
    }
  }

  /** Writes the run after the scores are out, so that a run no TREC file can hold loses none. */
  private void writeRun(Run run, String tag, PrintWriter err) throws IOException {
    try {
      new TrecRunWriter(tag).write(run, runOut);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--run-out " + runOut + " not written: " + e.getMessage(),
          e);
    }
    long written = run.queryIds().stream().filter(q -> !run.ranking(q).isEmpty()).count();
    err.println("run written to " + runOut + " (" + Plural.count(written, "query", "queries")
        + (written < run.size() ? "; " + (run.size() - written) + " found nothing, so have no"
            + " lines" : "") + ")");
  }

  /**
   * Fails unless a query of {@code ids} (those --max-queries kept) has a relevant document: the
   * others count, as 0, but without one every figure would be 0 whatever the mode.
   */
  private void requireRelevant(BeirDataset beir, Set<String> ids) throws IOException {
    if (!DatasetOptions.anyRelevant(beir, data.split, ids)) {
      throw new IllegalArgumentException("--max-queries " + cap.limit() + ": none of the first "
          + ids.size() + " queries of split " + data.split + " has a relevant document, so every"
          + " metric would be 0; raise --max-queries");
    }
  }
}
