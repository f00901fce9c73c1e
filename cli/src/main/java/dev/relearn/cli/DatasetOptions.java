package dev.relearn.cli;

import dev.relearn.engine.ConsoleProgress;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.firststage.FirstStageEvaluation;
import dev.relearn.eval.firststage.JudgmentCoverage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The BEIR dataset and split that {@code eval} and {@code bench} run on. */
final class DatasetOptions {
  // Not required = true: picocli would then demand it before "bench indexing", "eval learn"
  // and "eval report" too.
  @Option(names = "--dataset", paramLabel = "BEIR_DIR",
      description = "A BEIR folder: corpus.jsonl(.gz), queries.jsonl, qrels/<split>.tsv,"
          + " e.g. ../shared/datasets/scifact. Required.")
  Path dataset;

  @Option(names = "--split", paramLabel = "SPLIT", defaultValue = "test",
      description = "The qrels split whose queries run (default: ${DEFAULT-VALUE}).")
  String split;

  /**
   * Opens the dataset, checks that {@code --split} is one of its splits and, unless {@code
   * --index} was given, points the engine at its own index {@code .relearn/eval/<dataset>}, so
   * evaluation corpora never mix with the user's documents. Nothing slow has happened yet.
   */
  BeirDataset open(CommandSpec spec, EngineOptions engine) throws IOException {
    Errors.require(spec, dataset != null, "Missing required option: '--dataset=BEIR_DIR'");
    BeirDataset beir = open(spec, "--dataset", dataset);
    requireSplit(spec, beir, "--split", split);
    requireRelevantQueries(beir, "--split", split);
    useOwnIndex(spec, engine, beir);
    return beir;
  }

  /**
   * Reads the queries and the judgments of {@code split} now, so a malformed line fails before
   * the corpus is indexed, and fails unless some query of the split has a text and a relevant
   * document. Judged queries without a relevant document count as 0, as in trec_eval, but with
   * none at all every metric would be 0 (or undefined) whatever the system does, and feedback
   * sessions would have nothing to click: not worth indexing a corpus for. A judged query whose
   * text a search refuses (not {@link SearchRequest#searchable}, or too long) fails too.
   */
  static void requireRelevantQueries(BeirDataset beir, String option, String split)
      throws IOException {
    String file = beir.queriesFile().getFileName().toString();
    requireSearchable(beir, option, split, text -> !SearchRequest.searchable(text),
        "no searchable text in " + file + " (empty or only spaces and control characters)",
        "give a text to");
    requireSearchable(beir, option, split,
        text -> SearchRequest.length(text) > SearchRequest.MAX_QUERY_CHARS, "a text in " + file
            + " longer than the " + SearchRequest.MAX_QUERY_CHARS + " characters a search takes",
        "shorten");
    if (anyRelevant(beir, split, beir.queryIds(split))) {
      return;
    }
    throw new IllegalArgumentException(option + " " + split + ": no query of qrels/" + split
        + ".tsv has both a text in " + beir.queriesFile().getFileName() + " and a relevant"
        + " document (grade 1 or more); nothing to evaluate");
  }

  /**
   * Fails naming the judged queries of {@code split} whose text a search refuses ({@code
   * refused}), with the {@code problem} and what would {@code fix} each.
   */
  private static void requireSearchable(BeirDataset beir, String option, String split,
      Predicate<String> refused, String problem, String fix) throws IOException {
    Map<String, String> texts = beir.queries();
    List<String> ids = beir.queryIds(split).stream().filter(id -> refused.test(texts.get(id)))
        .toList();
    if (!ids.isEmpty()) {
      throw new IllegalArgumentException(option + " " + split + ": " + JudgmentCoverage
          .refusedQueriesProblem(ids, problem, fix, "qrels/" + split + ".tsv"));
    }
  }

  /** Whether one of {@code ids} has a relevant document in {@code split}'s qrels. */
  static boolean anyRelevant(BeirDataset beir, String split, Collection<String> ids)
      throws IOException {
    Set<String> relevant = beir.qrels(split).queryIdsWithRelevant();
    return ids.stream().anyMatch(relevant::contains);
  }

  /** Points the engine at {@code .relearn/eval/<dataset>} unless {@code --index} was given. */
  static void useOwnIndex(CommandSpec spec, EngineOptions engine, BeirDataset beir) {
    if (!spec.commandLine().getParseResult().hasMatchedOption("--index")) {
      engine.index = Path.of(".relearn", "eval", beir.name());
    }
  }

  /**
   * The evaluation on an index of a corpus, and whether every record of the corpus is in it (an
   * evaluation over the rest still runs, and its command then exits 1, as {@code index} does).
   */
  record IndexedCorpus(FirstStageEvaluation evaluation, boolean complete) {}

  /**
   * Indexes {@code beir}'s corpus into {@code relearn} unless it holds it already, saying on
   * {@code err} what was done and which records could not be indexed.
   */
  static IndexedCorpus indexCorpus(Relearn relearn, BeirDataset beir, PrintWriter err)
      throws IOException {
    FirstStageEvaluation evaluation = new FirstStageEvaluation(relearn, beir);
    var report = evaluation.indexCorpus(ConsoleProgress.stderr());
    err.println(report.summary());
    IndexCommand.printProblems(err, report.problems());
    return new IndexedCorpus(evaluation, report.problems().isEmpty());
  }

  /**
   * Says on {@code err}, before the figures, which judgments of {@code split} for the queries
   * {@code ids} the evaluation cannot use ({@link JudgmentCoverage}).
   */
  static void noteCoverage(Relearn relearn, BeirDataset beir, String split,
      Collection<String> ids, PrintWriter err) throws IOException {
    JudgmentCoverage.of(relearn, beir, split, ids)
        .notes("qrels/" + split + ".tsv", beir.queriesFile().getFileName().toString())
        .forEach(note -> err.println("relearn: " + note));
  }

  /**
   * Indexes {@code beir}'s corpus through {@code cluster} ({@code _bulk}, incrementally), as
   * {@link #indexCorpus(Relearn, BeirDataset, PrintWriter)} does embedded.
   */
  static boolean indexCorpus(RelearnCluster cluster, BeirDataset beir, PrintWriter err)
      throws IOException {
    var report = FirstStageEvaluation.indexCorpus(cluster, beir, ConsoleProgress.stderr());
    err.println(report.summary());
    IndexCommand.printProblems(err, report.problems());
    return report.problems().isEmpty();
  }

  /**
   * Opens the BEIR folder {@code dataset}, given by {@code option}: a usage error of {@code spec}
   * that names it when it is missing, a file, or lacks a BEIR file.
   */
  static BeirDataset open(CommandSpec spec, String option, Path dataset) throws IOException {
    Errors.require(spec, Files.exists(dataset), option + " " + dataset + ": no such folder");
    Errors.require(spec, Files.isDirectory(dataset), option + " " + dataset + " is a file, not a"
        + " folder; a BEIR dataset is a folder of corpus.jsonl, queries.jsonl and"
        + " qrels/<split>.tsv");
    try {
      return BeirDataset.open(dataset);
    } catch (NoSuchFileException e) {
      String reason = e.getReason() == null ? "missing" : e.getReason();
      throw new ParameterException(spec.commandLine(), option + " " + dataset + ": " + reason
          + (reason.contains(e.getFile()) ? "" : " (" + e.getFile() + ")"), e);
    }
  }

  /** A usage error unless {@code beir} has the split {@code split}, given by {@code option}. */
  static void requireSplit(CommandSpec spec, BeirDataset beir, String option, String split) {
    Errors.require(spec, beir.splits().contains(split), option + " " + split + ": dataset "
        + beir.name() + " has no qrels/" + split + ".tsv; its splits: "
        + String.join(", ", beir.splits()));
  }
}
