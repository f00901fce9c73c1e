package dev.relearn.eval.firststage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.eval.beir.ExpectedMetric;
import dev.relearn.eval.beir.ExpectedMetrics;
import dev.relearn.eval.metrics.EvaluationResult;
import dev.relearn.eval.metrics.Evaluator;
import dev.relearn.eval.metrics.Qrels;
import dev.relearn.eval.metrics.Run;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.search.Hit;
import dev.relearn.lucene.search.SearchMode;
import dev.relearn.lucene.search.SearchRequest;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.junit.jupiter.api.Assumptions;
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
    Path zip = Path.of(System.getProperty("java.home"), "lib", "src.zip");
    Assumptions.assumeTrue(Files.isRegularFile(zip), "skipped: no JDK sources at " + zip
        + " (this JDK ships without src.zip), and the code-search bars are measured on them");
    Path util = JdkSources.extractJavaUtil(zip, tmp.resolve("util"));
    List<ClassMethodQuery> queries = ClassMethodQuery.sample(util, 60, 7);
    assertEquals(60, queries.size());
    Run.Builder run = Run.builder();
    Qrels.Builder qrels = Qrels.builder();
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(util, SourceFormat.AUTO, Progress.NONE);
      List<StoredChunk> chunks = storedChunks(relearn.directory());
      for (ClassMethodQuery query : queries) {
        for (StoredChunk chunk : chunks) {
          if (query.isAnswer(chunk.path(), chunk.startLine(), chunk.endLine())) {
            qrels.add(query.id(), chunk.id(), 1);
          }
        }
        run.addQuery(query.id());
        for (Hit hit : relearn.search(SearchRequest.of(query.text()).withMode(SearchMode.BM25)
            .withK(10)).hits()) {
          run.add(query.id(), hit.chunkId(), hit.score());
        }
      }
    }
    EvaluationResult result = Evaluator.of("mrr@10", "ndcg@10").evaluate(qrels.build(),
        run.build());
    assertEquals(60, result.queryCount(), "every query has its declaration among the chunks");
    List<String> failures = new ArrayList<>();
    List<ExpectedMetric> bars = expected().select(DATASET, SPLIT, "bm25");
    assertEquals(2, bars.size(), "bars for " + DATASET + " " + SPLIT);
    for (ExpectedMetric bar : bars) {
      double measured = result.mean(bar.metric());
      System.out.printf(Locale.ROOT, "code search %s %s bm25 %s = %.4f (bar %s)%n", DATASET,
          SPLIT, bar.metric(), measured, bar.label());
      if (!bar.check(measured)) {
        failures.add(bar.message(measured));
      }
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  /** One chunk as stored: where it is and what lines it covers. */
  private record StoredChunk(String id, String path, int startLine, int endLine) {}

  private static List<StoredChunk> storedChunks(Path index) throws Exception {
    List<StoredChunk> out = new ArrayList<>();
    try (FSDirectory directory = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        Bits live = leaf.reader().getLiveDocs();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          if (live == null || live.get(doc)) {
            Document d = leaf.reader().storedFields().document(doc);
            out.add(new StoredChunk(d.get(ChunkSchema.ID), d.get(ChunkSchema.PATH),
                d.getField(ChunkSchema.START_LINE).numericValue().intValue(),
                d.getField(ChunkSchema.END_LINE).numericValue().intValue()));
          }
        }
      }
    }
    return out;
  }

  private static ExpectedMetrics expected() throws Exception {
    try (InputStream in =
        CodeSearchQualityTest.class.getResourceAsStream("/expected/code-search.json")) {
      if (in == null) {
        throw new IllegalStateException("missing test resource expected/code-search.json");
      }
      return ExpectedMetrics.load(in, "expected/code-search.json");
    }
  }
}
