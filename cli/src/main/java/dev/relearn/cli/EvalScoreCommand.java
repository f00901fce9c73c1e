package dev.relearn.cli;

import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.beir.QrelsFile;
import dev.relearn.eval.firststage.JudgmentCoverage;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Metric;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.trec.TrecRunReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code relearn eval score}: scores a TREC run file from any system against a split's qrels with
 * the metrics asked for; no index and no model.
 */
@Command(name = "score",
    footer = {
      "  relearn eval score --run scifact.run --dataset ../shared/datasets/scifact",
      "  relearn eval score --run my.run --qrels test.qrels --metrics ndcg@10,map",
      "  relearn eval score --run my.run --qrels test.qrels --per-query --json"},
    description = {"Score a TREC run file (qid Q0 docno rank score tag) against qrels, as"
        + " trec_eval -c does: no index, no model.",
        "Hits are ranked by score, ties by doc id descending. A judged query the run lacks"
            + " scores 0 unless --run-queries-only."})
final class EvalScoreCommand extends CliCommand.WithJson {
  @Option(names = "--run", paramLabel = "FILE", required = true,
      description = "The TREC run file. Required.")
  Path runFile;

  @Option(names = "--dataset", paramLabel = "BEIR_DIR",
      description = "A BEIR folder whose qrels/<split>.tsv judge the run.")
  Path dataset;

  @Option(names = "--split", paramLabel = "SPLIT",
      description = "The split of --dataset (default: test).")
  String split;

  @Option(names = "--qrels", paramLabel = "FILE",
      description = "A qrels file instead of --dataset: BEIR's query-id corpus-id score"
          + " (header optional) or TREC's qid 0 docno grade.")
  Path qrelsFile;

  @Option(names = "--metrics", paramLabel = "METRIC", split = ",",
      defaultValue = "ndcg@10,recall@100,mrr@10",
      description = "Comma-separated: ndcg, map, recall or mrr, with an optional cutoff"
          + " (ndcg@10), and p@k (default: ${DEFAULT-VALUE}).")
  List<String> metrics;

  @Option(names = "--run-queries-only",
      description = "Count only judged queries that the run holds (plain trec_eval), not every"
          + " judged query.")
  boolean runQueriesOnly;

  @Option(names = "--per-query", description = "Also print each query's values.")
  boolean perQuery;

  private BeirDataset beir;

  @Override
  public Integer call() throws Exception {
    require((dataset == null) != (qrelsFile == null),
        "give either --dataset BEIR_DIR (with --split) or --qrels FILE");
    require(split == null || dataset != null, "--split applies only with --dataset");
    Evaluator evaluator = check(() -> new Evaluator(metrics.stream()
        .map(Metric::parse).toList()));
    Qrels qrels = readQrels();
    if (qrels.queryIds().isEmpty()) {
      throw new IllegalArgumentException((qrelsFile != null ? "--qrels " + qrelsFile
          : "--dataset " + dataset + ": qrels/" + split() + ".tsv") + " holds no judgments;"
          + " nothing to score against");
    }
    // with --dataset, the judged queries that queries.jsonl also holds, as relearn eval runs
    // them, so that scoring its run file gives its figures
    Set<String> judged = beir == null ? qrels.queryIds() : beir.queryIds(split());
    List<String> withoutText =
        qrels.queryIds().stream().filter(query -> !judged.contains(query)).toList();
    if (!withoutText.isEmpty()) {
      err().println("relearn: " + JudgmentCoverage.withoutTextNote(withoutText,
          "qrels/" + split() + ".tsv", beir.queriesFile().getFileName().toString()));
    }
    PathChecks.requireFile("--run", runFile);
    Run run = TrecRunReader.read(runFile);
    if (run.size() == 0) {
      throw new IllegalArgumentException("--run " + runFile + " holds no hits; nothing to score");
    }
    String judgedBy = qrelsFile != null ? qrelsFile.toString() : "qrels/" + split() + ".tsv";
    Set<String> judgedInRun = new LinkedHashSet<>(run.queryIds());
    judgedInRun.retainAll(qrels.queryIds());
    if (judgedInRun.isEmpty()) {
      throw new IllegalArgumentException("--run " + runFile + ": none of its " + run.size()
          + " query ids is judged in " + judgedBy + " (run: " + sample(run.queryIds())
          + "; judged: " + sample(qrels.queryIds()) + ")");
    }
    Set<String> counted = judged;
    if (runQueriesOnly) {
      counted = new LinkedHashSet<>(judged);
      counted.retainAll(run.queryIds());
    }
    EvaluationResult result = evaluator.evaluate(qrels, run, counted);
    if (result.queryCount() == 0) { // with --dataset: no judged query (in the run) has a text
      throw new IllegalArgumentException("no query judged in " + judgedBy
          + (beir == null ? "" : " has a text in " + beir.queriesFile().getFileName())
          + (runQueriesOnly ? (beir == null ? " is" : " and is") + " in the run" : "")
          + "; nothing to score");
    }
    PrintWriter err = err();
    if (qrels.repeatedJudgments() > 0) {
      err.println("relearn: " + JudgmentCoverage.repeatsNote(qrels.repeatedJudgments(),
          judgedBy));
    }
    noteWithoutRelevant(qrels, result, judgedBy, err);
    if (!judgedDocRetrieved(qrels, run, result)) {
      err.println("relearn: no document of the run is judged in " + judgedBy + ": do the run's"
          + " doc ids match the qrels?");
    }
    PrintWriter out = out();
    if (json) {
      out.println(json(toJson(result)));
      return 0;
    }
    if (perQuery) {
      for (Metric metric : result.metrics()) {
        result.perQuery(metric).forEach((query, value) -> out.printf(Locale.ROOT,
            "%-12s %-12s %.4f%n", metric.name(), query, value));
      }
    }
    out.print(result.summary());
    return 0;
  }

  private Qrels readQrels() throws IOException {
    if (qrelsFile != null) {
      PathChecks.requireFile("--qrels", qrelsFile);
      return QrelsFile.read(qrelsFile);
    }
    beir = DatasetOptions.open(spec, "--dataset", dataset);
    DatasetOptions.requireSplit(spec, beir, "--split", split());
    return beir.qrels(split());
  }

  private String split() {
    return split == null ? "test" : split;
  }

  /** Names the counted queries without a relevant document: they score 0, as in trec_eval. */
  private static void noteWithoutRelevant(Qrels qrels, EvaluationResult result, String judgedBy,
      PrintWriter err) {
    Set<String> without = new LinkedHashSet<>();
    result.queryIds().stream().filter(q -> qrels.relevantCount(q) == 0).forEach(without::add);
    boolean one = without.size() == 1;
    if (without.size() == result.queryCount()) {
      err.println("relearn: no counted query has a relevant document (grade 1 or more) in "
          + judgedBy + ", so every metric is 0 (as in trec_eval)");
    } else if (!without.isEmpty()) {
      err.println("relearn: " + without.size() + " of " + result.queryCount() + " counted"
          + " queries ha" + (one ? "s" : "ve") + " no relevant document (grade 1 or more) in "
          + judgedBy + " and score" + (one ? "s" : "") + " 0 in every metric, as in trec_eval: "
          + sample(without));
    }
  }

  /** Whether some counted query retrieved a document that its judgments name. */
  private static boolean judgedDocRetrieved(Qrels qrels, Run run, EvaluationResult result) {
    return result.queryIds().stream().anyMatch(query -> run.ranking(query).stream()
        .anyMatch(doc -> qrels.judgments(query).containsKey(doc.docId())));
  }

  private Map<String, Object> toJson(EvaluationResult result) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("run", runFile.toString());
    json.put("qrels", qrelsFile != null ? qrelsFile.toString()
        : dataset.resolve("qrels").resolve(split() + ".tsv").toString());
    json.put("queries", result.queryCount());
    json.put("excluded_no_judgments", result.excludedQueryIds().size());
    json.put("retrieved_nothing", result.unretrievedQueryIds().size());
    result.means().forEach((metric, mean) -> json.put(metric.name(), mean));
    if (perQuery) {
      Map<String, Map<String, Double>> byQuery = new LinkedHashMap<>();
      for (String query : result.queryIds()) {
        Map<String, Double> values = new LinkedHashMap<>();
        result.metrics().forEach(m -> values.put(m.name(), result.value(query, m)));
        byQuery.put(query, values);
      }
      json.put("per_query", byQuery);
    }
    return json;
  }

  private static String sample(Set<String> ids) {
    List<String> first = ids.stream().limit(3).toList();
    return String.join(", ", first) + (ids.size() > 3 ? ", ..." : "");
  }
}
