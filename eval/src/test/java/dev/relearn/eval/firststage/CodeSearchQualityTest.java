package dev.relearn.eval.firststage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code search on real code: the JDK's own {@code java.util} sources (from the running JDK's
 * {@code lib/src.zip}), indexed as a folder, and 60 seeded {@code Class method} queries whose
 * relevant chunks are those holding the method's declaration in that class's file. BM25 only, so
 * that the check is fast and exact (hashing vectors); its bars, in {@code
 * expected/code-search.json}, hold what a code window's heading path (its enclosing class) gives
 * BM25: without it {@code HashMap resize} cannot match {@code resize()}'s window, which never
 * names its class.
 */
class CodeSearchQualityTest {
  private static final String DATASET = "jdk-java.util";
  private static final String SPLIT = "class-method-60";

  @TempDir Path tmp;

  @Test
  void classMethodQueriesFindTheMethodsDeclaration() throws Exception {
    Path util = JdkSources.javaUtil(tmp.resolve("util"));
    List<ClassMethodQuery> queries = ClassMethodQuery.sample(util, 60, 7);
    assertEquals(60, queries.size());
    Run.Builder run = Run.builder();
    Qrels qrels;
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(util, SourceFormat.AUTO, Progress.NONE);
      qrels = ClassMethodQuery.qrels(queries, StoredChunk.readAll(relearn.directory()));
      for (ClassMethodQuery query : queries) {
        run.addQuery(query.id());
        for (Hit hit : relearn.search(SearchRequest.of(query.text()).withMode(SearchMode.BM25)
            .withK(10)).hits()) {
          run.add(query.id(), hit.chunkId(), hit.score());
        }
      }
    }
    EvaluationResult result = Evaluator.of("mrr@10", "ndcg@10").evaluate(qrels, run.build(),
        qrels.queryIds());
    assertEquals(60, result.queryCount(), "every query has its declaration among the chunks");
    List<String> failures = CodeSearchBars.check(DATASET, SPLIT, "bm25", result, 2);
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }
}
