package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.relearn.engine.search.RankedChunk;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ranking is a search's hits, in every mode, learned ones too: the same ids, and the same scores
 * but for the learned evidence's decay in the moments between the two calls.
 */
class RankTest {
  private static final String QUERY = "shared keyword topic";

  @TempDir Path tmp;

  @Test
  void rankGivesTheHitsOfSearchInEveryMode() throws Exception {
    Path docs = NoteDocs.write(tmp, new Random(5));
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      List<RankedChunk> hybrid = relearn.rank(request(SearchMode.HYBRID, 20));
      for (int session = 0; session < 5; session++) { // past users chose the 9th and 10th hits
        relearn.feedback(FeedbackRequest.of(QUERY, List.of(hybrid.get(8).chunkId(),
            hybrid.get(9).chunkId())).withOutcome(Outcome.SUCCESS).withIds("u" + session, null));
      }
      relearn.awaitLearning();
      assertNotEquals(hybrid, relearn.rank(request(SearchMode.LEARNED, 20)),
          "the feedback moved the learned ranking");
      for (SearchMode mode : SearchMode.values()) {
        for (int k : new int[] {1, 10, 100}) {
          SearchRequest request = request(mode, k);
          List<RankedChunk> searched =
              relearn.search(request).hits().stream().map(RankedChunk::of).toList();
          List<RankedChunk> ranked = relearn.rank(request);
          assertEquals(ids(searched), ids(ranked), mode + " at k " + k);
          for (int i = 0; i < ranked.size(); i++) { // evidence decays with time: a search later
            assertEquals(searched.get(i).score(), ranked.get(i).score(), 1e-6, mode + " " + i);
          }
        }
      }
    }
  }

  private static List<String> ids(List<RankedChunk> ranking) {
    return ranking.stream().map(RankedChunk::chunkId).toList();
  }

  private static SearchRequest request(SearchMode mode, int k) {
    return SearchRequest.of(QUERY).withMode(mode).withK(k);
  }
}
