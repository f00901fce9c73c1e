package dev.relearn.cli;

import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.BeirDataset;
import dev.relearn.eval.experiment.LearnConfig;
import dev.relearn.eval.experiment.TrustTuning;
import dev.relearn.engine.ConsoleProgress;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code relearn eval tune}: the defaults of the vote's K and temperature and of {@code
 * rerank.trustScale} and {@code rerank.sessionCap}, chosen on validation queries carved from the train splits ({@link
 * TrustTuning}); test queries are never used.
 */
@Command(name = "tune",
    footer = {
      "  relearn eval tune",
      "  relearn eval tune --datasets scifact --model hashing"},
    description = {"Choose the rerank settings (maxPastQueries, temperature, trustScale,"
        + " sessionCap) that do best on every dataset's held-out train queries.",
        "Test queries are never used. Indexes live in WORK/<dataset>-tune; their feedback is"
            + " forgotten and rewritten."})
final class EvalTuneCommand extends CliCommand {
  /** Fewer validation queries than this choose a setting by chance as much as by merit. */
  private static final int MANY_QUERIES = 100;

  @Mixin EvalUserOptions user;
  @Mixin EvalDatasetsOptions sets;

  @Override
  public Integer call() throws Exception {
    LearnConfig config = check(user::config);
    List<BeirDataset> opened = sets.open(spec, config.trainSplit());
    RelearnOptions options = sets.options(spec);
    PrintWriter out = out();
    List<TrustTuning.Result> results = new ArrayList<>();
    for (BeirDataset dataset : opened) {
      err().println("tuning on " + dataset.name() + " ...");
      TrustTuning.Result result = new TrustTuning(dataset, sets.work, options, config,
          ConsoleProgress.stderr()).run();
      results.add(result);
      out.printf(Locale.ROOT, "%s: sessions on %,d train queries, %,d validation queries;"
          + " trust strength %s; hybrid nDCG@10 %.4f%n", result.dataset(), result.fitQueries(),
          result.validationQueries(), result.strength() == null ? "prior"
              : String.format(Locale.ROOT, "%.4f", result.strength()), result.hybrid());
    }
    out.printf(Locale.ROOT, "%nvalidation Δ nDCG@10 against hybrid, per setting:%n");
    out.print("| setting |");
    results.forEach(result -> out.print(" " + result.dataset() + " |"));
    out.println(" mean |");
    out.println("|---|" + "---|".repeat(results.size() + 1));
    for (TrustTuning.Setting setting : TrustTuning.GRID) {
      double mean = 0;
      out.printf(Locale.ROOT, "| %s |", setting);
      for (TrustTuning.Result result : results) {
        out.printf(Locale.ROOT, " %+.4f |", result.delta(setting));
        mean += result.delta(setting) / results.size();
      }
      out.printf(Locale.ROOT, " %+.4f |%n", mean);
    }
    int validation = results.stream().mapToInt(TrustTuning.Result::validationQueries).sum();
    boolean allTie = TrustTuning.GRID.stream().map(setting -> results.stream()
        .map(result -> result.delta(setting)).toList()).distinct().count() == 1;
    out.printf(Locale.ROOT, "%nchosen on these %,d validation queries: %s%s%s%n", validation,
        TrustTuning.choose(results), allTie ? " (every setting scored the same: the rule's"
            + " smallest sessionCap, not a better score)" : "", validation < MANY_QUERIES
            ? " (too few queries to set defaults by)" : "");
    return 0;
  }
}
