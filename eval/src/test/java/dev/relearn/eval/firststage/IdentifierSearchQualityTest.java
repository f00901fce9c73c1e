package dev.relearn.eval.firststage;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.experiment.ShippedVectors;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Metric;
import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.stats.PairedComparison;
import dev.relearn.eval.stats.PairedRandomisationTest;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.embed.BgeSmallEmbedder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.fusion.QueryClass;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Identifier queries on real code with the real model: 40 of the JDK's {@code java.util} source
 * files (seed 7), and a query of each camelCase method name that one of them declares, whose
 * answer is that declaration. relearn's default fusion ({@link Fusion#byQueryClass}: alpha 0.3
 * for such queries) must find it better than min-max at alpha 0.5, in the same run and
 * significantly; both, and BM25 alone, are held to bars in {@code expected/code-search.json}.
 * Tagged {@code quality}. The chunks' vectors come from the repository's {@code src/test/
 * vector-cache} ({@link ShippedVectors}), so that the model embeds only the queries: the
 * 1,256 chunks take about 3 minutes on 2 cores, and another JDK's sources pay for what differs.
 */
@Tag("quality")
class IdentifierSearchQualityTest {
  private static final String DATASET = "jdk-java.util-40";
  private static final String SPLIT = "method-names";

  @TempDir Path tmp;

  @Test
  void identifierQueriesFindTheirDeclarationBetterThanEvenFusion() throws Exception {
    Path files = JdkSources.sample(JdkSources.javaUtil(tmp.resolve("util")), 40, 7,
        tmp.resolve("sample"));
    List<ClassMethodQuery> queries = ClassMethodQuery.methodNames(files,
        name -> Relearn.queryClass(name) == QueryClass.IDENTIFIER);
    assertTrue(queries.size() >= 100, "enough identifier queries: " + queries.size());
    Map<String, UnaryOperator<SearchRequest>> modes = new LinkedHashMap<>();
    modes.put("hybrid", request -> request); // SearchRequest.of chooses Fusion.byQueryClass
    modes.put("hybrid-alpha-0.5", request -> request.withFusion(Fusion.minMax(0.5)));
    modes.put("bm25", request -> request.withMode(SearchMode.BM25));
    Map<String, EvaluationResult> results = new LinkedHashMap<>();
    RelearnOptions defaults = RelearnOptions.defaults();
    try (ShippedVectors model = ShippedVectors.over(new BgeSmallEmbedder(
            defaults.embedThreads(), defaults.queryInstruction()), ShippedVectors.FILE);
        Relearn relearn = Relearn.open(tmp.resolve("index"), defaults.withEmbedder(model))) {
      relearn.index(files, SourceFormat.AUTO, Progress.NONE);
      System.out.println("identifier queries: " + queries.size() + " over "
          + relearn.chunkCount() + " chunks");
      Qrels qrels = ClassMethodQuery.qrels(queries, StoredChunk.readAll(relearn.directory()));
      for (Map.Entry<String, UnaryOperator<SearchRequest>> mode : modes.entrySet()) {
        Run.Builder run = Run.builder();
        for (ClassMethodQuery query : queries) {
          run.addQuery(query.id());
          for (Hit hit : relearn.search(mode.getValue().apply(SearchRequest.of(query.text())
              .withK(10))).hits()) {
            run.add(query.id(), hit.chunkId(), hit.score());
          }
        }
        results.put(mode.getKey(),
            Evaluator.of("mrr@10", "ndcg@10").evaluate(qrels, run.build(), qrels.queryIds()));
      }
    }
    List<String> failures = new ArrayList<>();
    for (Map.Entry<String, EvaluationResult> result : results.entrySet()) {
      failures.addAll(CodeSearchBars.check(DATASET, SPLIT, result.getKey(), result.getValue(), 2));
    }
    Metric mrr = Metric.parse("mrr@10");
    PairedComparison gain = PairedComparison.of(results.get("hybrid-alpha-0.5").perQuery(mrr),
        results.get("hybrid").perQuery(mrr), new PairedRandomisationTest(42, 10_000));
    System.out.printf(Locale.ROOT, "identifier queries: MRR@10 %.4f at alpha 0.5 -> %.4f by"
        + " query class, p %.4f (randomisation), %.4f (t)%n", gain.baselineMean(),
        gain.systemMean(), gain.pRandomisation(), gain.pTTest());
    assertTrue(gain.difference() > 0 && gain.pRandomisation() < 0.05, "identifier queries must"
        + " find their declaration better by query class than at alpha 0.5: " + gain);
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }
}
