package dev.relearn.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.relearn.engine.ExplainedResults;
import dev.relearn.engine.HitViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.WeightsViews;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code relearn search}: one query against an index, opened read-write when no other process
 * holds it (so learned searches see similar past queries), else read-only.
 */
@Command(name = "search",
    footer = {
      "  relearn search rotate keys",
      "  relearn search -k 5 --mode bm25 parseHttpRequest",
      "  relearn search --explain --path-prefix docs/ \"how do I rotate the keys\"",
      "  relearn search --json --fusion rrf --kind code HashMap resize"},
    description = {"Search an index with BM25, vectors, or both fused.",
        "The query is searched as plain text: Lucene syntax characters are not operators."})
final class SearchCommand extends CliCommand.WithJson {
  @Mixin EngineOptions engine;
  @Mixin SearchOptions search;
  @Mixin ClusterOption cluster;

  @Option(names = {"-k", "--k"}, paramLabel = "N", defaultValue = "10",
      description = "Hits to return, 1 to 10000 (default: ${DEFAULT-VALUE}).")
  int k;

  @Option(names = "--path-prefix", paramLabel = "PREFIX", description = "Only paths starting so.")
  String pathPrefix;

  @Option(names = "--kind", paramLabel = "KIND",
      description = "Only chunks of this kind: markdown, code, text or record.")
  String kind;

  @Option(names = "--explain",
      description = "Show each hit's learned score breakdown (a learned search: --mode may"
          + " only be auto or learned).")
  boolean explain;

  @Parameters(paramLabel = "QUERY", arity = "1..*", description = "The query (words are joined).")
  List<String> words;

  @Override
  public Integer call() throws Exception {
    String text = String.join(" ", words);
    SearchMode chosen = search.mode(spec);
    SearchRequest checked = search.request(spec, chosen, text, k, pathPrefix, kind);
    require(!explain || chosen == null || chosen == SearchMode.LEARNED, "--explain shows"
        + " a learned search's breakdown; it cannot be combined with --mode " + search.mode);
    if (cluster.given()) {
      try (RelearnCluster relearn = cluster.connect(engine)) {
        SearchRequest request = checked.withMode(chosen == null ? relearn.defaultMode() : chosen);
        long start = System.nanoTime();
        ExplainedResults explained = explain ? check(() -> relearn.explain(request)) : null;
        SearchResults results = explain ? explained.results()
            : check(() -> relearn.search(request));
        print(text, request.mode(), explained, results, (System.nanoTime() - start) / 1e6);
      }
      return 0;
    }
    try (Relearn relearn = engine.openPreferWritable(null)) {
      SearchRequest request = checked.withMode(SearchOptions.orDefault(chosen, relearn));
      long start = System.nanoTime();
      ExplainedResults explained = explain ? relearn.explain(request) : null;
      SearchResults results = explain ? explained.results() : relearn.search(request);
      double millis = (System.nanoTime() - start) / 1e6;
      SearchMode mode = explain ? SearchMode.LEARNED : request.mode(); // explain ranks learned
      print(text, mode, explained, results, millis);
      if (results.hits().isEmpty() && pathPrefix != null && !pathPrefix.isEmpty()) {
        notePaths(relearn.search(request.withFilter(null, null).withK(1)));
      }
    }
    return 0;
  }

  /**
   * Says what indexed paths look like, with {@code any}'s first hit as an example, after a path
   * prefix matched nothing: an absolute or {@code ./} prefix (what a user tries first) never does.
   */
  private void notePaths(SearchResults any) {
    err().println("relearn: no hits under path prefix '" + TerminalText.safe(pathPrefix)
        + "'; indexed paths are relative and begin with the indexed folder's name"
        + (any.hits().isEmpty() ? "" : ", e.g. " + TerminalText.safe(any.hits().get(0).path())));
  }

  /** The JSON of a search; {@code weights} and {@code explanations} with --explain only. */
  private record Searched(String mode, String queryClass, double tookMs, Object hits,
      @JsonInclude(JsonInclude.Include.NON_NULL) Object weights,
      @JsonInclude(JsonInclude.Include.NON_NULL) Object explanations) {}

  private void print(String text, SearchMode mode, ExplainedResults explained,
      SearchResults results, double millis) {
    if (json) {
      out().println(json(new Searched(mode.label(), Relearn.queryClass(text).label(), millis,
          HitViews.maps(results.hits()), explained == null ? null
              : WeightsViews.weights(explained.weights()), explained == null ? null
              : explained.explanations().stream().map(HitPrinter.ExplanationJson::of).toList())));
      return;
    }
    HitPrinter.print(out(), results.hits());
    if (explained != null) {
      HitPrinter.printExplanations(out(), explained);
    }
    int count = results.hits().size();
    out().printf(Locale.ROOT, "%d %s (%s) in %.1f ms%n", count, count == 1 ? "hit" : "hits",
        mode.label(), millis);
  }
}
