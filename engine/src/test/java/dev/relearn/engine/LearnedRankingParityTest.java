package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A learned search ranks as an explained search does, in a burst of searches and in searches on
 * several threads at once.
 */
class LearnedRankingParityTest {
  private static final String QUERY = "shared keyword topic";

  @TempDir Path tmp;

  @Test
  void burstsAndConcurrentSearchesRankAsAnExplainedSearchDoes() throws Exception {
    Path docs = NoteDocs.write(tmp, new Random(11));
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      List<String> hybrid = ids(relearn, SearchMode.HYBRID);
      for (int session = 0; session < 5; session++) { // past users chose the 9th and 10th hits
        relearn.feedback(FeedbackRequest.of(QUERY, hybrid.subList(8, 10))
            .withOutcome(Outcome.SUCCESS).withIds("user" + session, null));
      }
      ExplainedResults why = relearn.explain(request(SearchMode.LEARNED));
      List<Hit> hits = why.results().hits(); // ranked on this thread, with every feature
      List<String> explained = hits.stream().map(Hit::chunkId).toList();
      for (int i = 0; i < hits.size(); i++) {
        assertEquals(Double.doubleToLongBits(hits.get(i).score()), Double.doubleToLongBits(
            why.explanations().get(i).getValue().doubleValue()), "explain's value is the score");
      }
      assertNotEquals(hybrid, explained, "the feedback moved the ranking");

      for (int i = 0; i < 200; i++) { // a burst
        assertEquals(explained, ids(relearn, SearchMode.LEARNED), "search " + i);
      }
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<?>> searchers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          searchers.add(pool.submit(() -> {
            for (int i = 0; i < 100; i++) {
              assertEquals(explained, ids(relearn, SearchMode.LEARNED), "search " + i);
            }
            return null;
          }));
        }
        for (Future<?> searcher : searchers) {
          searcher.get(60, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  private static SearchRequest request(SearchMode mode) {
    return SearchRequest.of(QUERY).withMode(mode).withK(20);
  }

  private static List<String> ids(Relearn relearn, SearchMode mode) throws Exception {
    return relearn.search(request(mode)).hits().stream().map(Hit::chunkId).toList();
  }
}
