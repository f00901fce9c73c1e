package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.RrfFusion;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Mode and fusion flags shared by {@code search} and {@code eval}. */
final class SearchOptions {
  @Option(names = "--mode", paramLabel = "MODE", defaultValue = "auto",
      description = "bm25, vector, hybrid or learned (hybrid re-ranked with feedback). Default:"
          + " learned once the index has feedback, else hybrid.")
  String mode;

  @Option(names = "--fusion", paramLabel = "FUSION", defaultValue = "minmax",
      description = "Hybrid fusion: minmax or rrf (default: ${DEFAULT-VALUE}).")
  String fusion;

  @Option(names = "--alpha", paramLabel = "A",
      description = "Min-max fusion weight of the vector side, in [0, 1] (default: 0.5, or 0.3"
          + " when every word of the query looks like code, such as parseHttpRequest or"
          + " max_retries). Only with --fusion minmax.")
  Double alpha;

  @Option(names = "--rrf-k", paramLabel = "K", defaultValue = "60",
      description = "RRF rank constant, at least 1 (default: ${DEFAULT-VALUE}). Only with"
          + " --fusion rrf.")
  int rrfK;

  @Option(names = "--candidates", paramLabel = "N", defaultValue = "100",
      description = "Candidates from each retriever, at least as many as the hits asked for"
          + " (default: ${DEFAULT-VALUE}).")
  int candidates;

  /** A usage error unless {@code --mode} names a mode (or is auto). */
  void checkMode(CommandSpec spec) throws java.io.IOException {
    if (!"auto".equalsIgnoreCase(mode)) {
      Usage.check(spec, () -> SearchMode.fromLabel(mode));
    }
  }

  /** A usage error unless {@code --candidates} is in range. */
  void checkCandidates(CommandSpec spec) throws java.io.IOException {
    Usage.check(spec, () -> SearchRequest.of("candidates").withCandidates(candidates));
  }

  /**
   * A usage error unless the query (not empty, not too long) and every option of a search are in
   * range: the request is built once, before the index is opened. The messages name the query's
   * length, never its text.
   */
  void check(CommandSpec spec, String text, int k, String pathPrefix, String kind)
      throws java.io.IOException {
    checkMode(spec);
    Fusion fusion = fusion(spec);
    Usage.check(spec, () -> SearchRequest.of(text).withK(k).withCandidates(candidates)
        .withFusion(fusion)
        .withFilterLabel(pathPrefix, kind));
  }

  /** Whether {@code --mode} is auto or names {@code wanted}. */
  boolean modeIsAutoOr(SearchMode wanted) {
    return "auto".equalsIgnoreCase(mode) || SearchMode.fromLabel(mode) == wanted;
  }

  SearchMode mode(Relearn relearn) throws java.io.IOException {
    if (!"auto".equalsIgnoreCase(mode)) {
      return SearchMode.fromLabel(mode);
    }
    return relearn.defaultMode();
  }

  /**
   * The fusion, or a usage error when a value is out of range or when {@code --alpha} or {@code
   * --rrf-k} was given for the other fusion (it would be ignored without a word).
   */
  Fusion fusion(CommandSpec spec) throws java.io.IOException {
    Fusion chosen = Usage.check(spec, this::fusion);
    boolean rrf = chosen instanceof RrfFusion;
    String unused = rrf ? "--alpha" : "--rrf-k";
    Usage.require(spec, !spec.commandLine().getParseResult().hasMatchedOption(unused),
        unused + " applies only with --fusion " + (rrf ? "minmax" : "rrf") + ", got --fusion "
            + fusion);
    return chosen;
  }

  Fusion fusion() {
    return switch (fusion.toLowerCase(java.util.Locale.ROOT)) {
      case "minmax", "min-max" -> alpha == null ? Fusion.byQueryClass() : Fusion.minMax(alpha);
      case "rrf" -> Fusion.rrf(rrfK);
      default -> throw new IllegalArgumentException(
          "unknown fusion: '" + fusion + "'; expected minmax or rrf");
    };
  }

  SearchRequest request(Relearn relearn, String text, int k, String pathPrefix, String kind)
      throws java.io.IOException {
    return SearchRequest.of(text).withMode(mode(relearn)).withK(k).withCandidates(candidates)
        .withFusion(fusion())
        .withFilterLabel(pathPrefix, kind);
  }
}
