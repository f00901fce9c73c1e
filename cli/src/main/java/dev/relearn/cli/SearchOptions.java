package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.RrfFusion;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Mode and fusion flags of {@code search} and {@code eval}, checked before the index opens. */
final class SearchOptions {
  @Option(names = "--mode", paramLabel = "MODE", defaultValue = "auto",
      description = "auto (learned once the index has feedback, else hybrid), bm25, vector,"
          + " hybrid or learned (hybrid re-ranked with feedback). Default: ${DEFAULT-VALUE}.")
  String mode;

  @Option(names = "--fusion", paramLabel = "FUSION", defaultValue = "minmax",
      description = "Hybrid fusion: minmax or rrf (default: ${DEFAULT-VALUE}).")
  String fusion;

  @Option(names = "--alpha", paramLabel = "A",
      description = "Min-max fusion weight of the vector side, in [0, 1] (default: 0.5, or 0.3"
          + " when every word of the query looks like code). Only with --fusion minmax.")
  Double alpha;

  @Option(names = "--rrf-k", paramLabel = "K", defaultValue = "60",
      description = "RRF rank constant, at least 1 (default: ${DEFAULT-VALUE}). Only with"
          + " --fusion rrf.")
  int rrfK;

  @Option(names = "--candidates", paramLabel = "N", defaultValue = "100",
      description = "Candidates from each retriever, raised to the hits asked for (default:"
          + " ${DEFAULT-VALUE}).")
  int candidates;

  /**
   * The mode {@code --mode} names, or null for auto; a fusion option with a one-retriever mode,
   * which has nothing to fuse, is a usage error.
   */
  SearchMode mode(CommandSpec spec) throws IOException {
    SearchMode chosen = Errors.check(spec, () -> SearchMode.fromLabelOrAuto(mode));
    if (chosen == SearchMode.BM25 || chosen == SearchMode.VECTOR) {
      for (String option : List.of("--fusion", "--alpha", "--rrf-k")) {
        Errors.require(spec, !spec.commandLine().getParseResult().hasMatchedOption(option),
            option + " applies only to hybrid and learned searches, got --mode " + mode);
      }
    }
    return chosen;
  }

  /** {@code chosen}, or for auto the mode {@code relearn} defaults to. */
  static SearchMode orDefault(SearchMode chosen, Relearn relearn) throws IOException {
    return chosen != null ? chosen : relearn.defaultMode();
  }

  /** The fusion; {@code --alpha} or {@code --rrf-k} given for the other one is a usage error. */
  Fusion fusion(CommandSpec spec) throws IOException {
    Fusion chosen = Errors.check(spec, () -> fusion(fusion, alpha, rrfK));
    boolean rrf = chosen instanceof RrfFusion;
    String unused = rrf ? "--alpha" : "--rrf-k";
    Errors.require(spec, !spec.commandLine().getParseResult().hasMatchedOption(unused),
        unused + " applies only with --fusion " + (rrf ? "minmax" : "rrf") + ", got --fusion "
            + fusion);
    return chosen;
  }

  /** The fusion {@code label} names: min-max with {@code alpha} (null: by class), or RRF. */
  static Fusion fusion(String label, Double alpha, int rrfK) {
    return switch (label.toLowerCase(Locale.ROOT)) {
      case "minmax", "min-max" -> alpha == null ? Fusion.byQueryClass() : Fusion.minMax(alpha);
      case "rrf" -> Fusion.rrf(rrfK);
      default -> throw new IllegalArgumentException(
          "unknown fusion: '" + label + "'; expected minmax or rrf");
    };
  }

  /** The request, every value checked (the query's length, never its text), mode {@code chosen}. */
  SearchRequest request(CommandSpec spec, SearchMode chosen, String text, int k,
      String pathPrefix, String kind) throws IOException {
    Fusion checked = fusion(spec);
    return Errors.check(spec, () -> SearchRequest.of(text)
        .withMode(chosen == null ? SearchMode.HYBRID : chosen).withK(k).withCandidates(candidates)
        .withFusion(checked).withFilterLabel(pathPrefix, kind));
  }
}
