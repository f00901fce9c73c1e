package dev.relearn.cli;

import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.search.SearchMode;
import dev.relearn.lucene.search.SearchRequest;
import picocli.CommandLine.Option;

/** Mode and fusion flags shared by {@code search} and {@code eval}. */
final class SearchOptions {
  @Option(names = "--mode", paramLabel = "MODE", defaultValue = "hybrid",
      description = "bm25, vector or hybrid (default: ${DEFAULT-VALUE}).")
  String mode;

  @Option(names = "--fusion", paramLabel = "FUSION", defaultValue = "minmax",
      description = "Hybrid fusion: minmax or rrf (default: ${DEFAULT-VALUE}).")
  String fusion;

  @Option(names = "--alpha", paramLabel = "A", defaultValue = "0.5",
      description = "Min-max fusion weight of the vector side, in [0, 1] (default: ${DEFAULT-VALUE}).")
  double alpha;

  @Option(names = "--rrf-k", paramLabel = "K", defaultValue = "60",
      description = "RRF rank constant (default: ${DEFAULT-VALUE}).")
  int rrfK;

  @Option(names = "--candidates", paramLabel = "N", defaultValue = "100",
      description = "Candidates from each retriever (default: ${DEFAULT-VALUE}).")
  int candidates;

  SearchMode mode() {
    return SearchMode.fromLabel(mode);
  }

  Fusion fusion() {
    return switch (fusion.toLowerCase(java.util.Locale.ROOT)) {
      case "minmax", "min-max" -> Fusion.minMax(alpha);
      case "rrf" -> Fusion.rrf(rrfK);
      default -> throw new IllegalArgumentException(
          "unknown fusion: '" + fusion + "'; expected minmax or rrf");
    };
  }

  SearchRequest request(String text, int k, String pathPrefix, String kind) {
    return SearchRequest.of(text).withMode(mode()).withK(k).withCandidates(candidates)
        .withFusion(fusion()).withFilter(pathPrefix, kind == null ? null : ChunkKind.fromLabel(kind));
  }
}
