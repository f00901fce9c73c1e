package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exploration: off by default; when on, a lower slot shows a candidate from below the cut. */
class ExplorationTest {
  private static final String QUERY = "rotate signing keys";

  @TempDir Path tmp;
  private Path index;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);
  private final SearchRequest learned = SearchRequest.of(QUERY).withMode(SearchMode.LEARNED)
      .withK(2);

  @BeforeEach
  void buildIndex() throws Exception {
    index = tmp.resolve("idx");
    Path docs = KeyDocs.write(tmp);
    for (int i = 0; i < 6; i++) {
      Files.writeString(docs.resolve("note" + i + ".md"), "# Note " + i + "\nKeys and caches, part "
          + i + ": signing happens daily.\n");
    }
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
  }

  private List<String> ids(SearchResults results) {
    return results.hits().stream().map(Hit::chunkId).toList();
  }

  @Test
  void offByDefault() throws Exception {
    try (Relearn relearn = Relearn.open(index, hashing)) {
      for (int i = 0; i < 20; i++) {
        assertNull(relearn.search(learned).explored());
      }
    }
  }

  @Test
  void explorationShowsACandidateFromBelowTheCutWithItsPropensity() throws Exception {
    List<String> ranked;
    try (Relearn relearn = Relearn.open(index, hashing)) {
      ranked = ids(relearn.search(learned.withK(100)));
    }
    assertTrue(ranked.size() > 3, "enough candidates: " + ranked);
    Files.writeString(index.resolve(ConfigLoader.FILE), "{\"exploration\": {\"rate\": 1}}");
    List<String> explored = new ArrayList<>();
    try (Relearn relearn = Relearn.open(index, hashing)) {
      for (int i = 0; i < 10; i++) {
        SearchResults results = relearn.search(learned);
        assertNotNull(results.explored(), "rate 1 always explores");
        assertEquals(2, results.explored().rank());
        assertEquals(ranked.get(0), results.hits().get(0).chunkId(), "slot 1 is untouched");
        String chunk = results.hits().get(1).chunkId();
        assertEquals(chunk, results.explored().chunkId());
        assertTrue(ranked.indexOf(chunk) >= 2, "from below the cut: " + chunk);
        assertEquals(1.0 / (ranked.size() - 2), results.explored().propensity(), 1e-12);
        explored.add(chunk);
        FeedbackRequest request = FeedbackRequest.of(QUERY, List.of(chunk))
            .withShownResults(results, true, false);
        assertEquals(new ShownResult(chunk, 2, results.explored().propensity()),
            request.shown().get(1));
        assertEquals(1.0, request.shown().get(0).propensity());
      }
      assertTrue(explored.stream().distinct().count() > 1, "draws vary: " + explored);
      assertNull(relearn.search(SearchRequest.of(QUERY).withK(2)).explored(),
          "only learned searches explore");
    }
    try (Relearn again = Relearn.open(index, hashing)) {
      List<String> replay = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        replay.add(again.search(learned).explored().chunkId());
      }
      assertEquals(explored, replay, "seeded: the same choices after a restart");
    }
  }

  @Test
  void feedbackOnAnExploredChunkLetsLearningDiscoverIt() throws Exception {
    Files.writeString(index.resolve(ConfigLoader.FILE), "{\"exploration\": {\"rate\": 1}}");
    String discovered;
    double scoreBefore;
    try (Relearn relearn = Relearn.open(index, hashing)) {
      List<Hit> ranked = relearn.search(learned.withK(100)).hits();
      SearchResults results = relearn.search(learned);
      for (int i = 0; i < 200 && !results.explored().chunkId().equals(ranked.get(2).chunkId());
          i++) {
        results = relearn.search(learned); // until the first chunk below the cut is explored
      }
      discovered = results.explored().chunkId();
      assertEquals(ranked.get(2).chunkId(), discovered, "no draw of rank 3 in 200 tries");
      scoreBefore = ranked.get(2).score();
      for (int i = 0; i < 10; i++) {
        relearn.feedback(FeedbackRequest.of(QUERY, List.of(discovered))
            .withShownResults(results, true, false).withOutcome(Outcome.SUCCESS)
            .withIds("s" + i, null));
      }
    }
    Files.delete(index.resolve(ConfigLoader.FILE));
    try (Relearn relearn = Relearn.open(index, hashing)) {
      List<Hit> after = relearn.search(learned).hits();
      assertEquals(discovered, after.get(0).chunkId().equals(discovered)
          ? discovered : after.get(1).chunkId(),
          "the explored chunk entered the top 2 without exploration: " + after);
      assertTrue(after.stream().filter(h -> h.chunkId().equals(discovered)).findFirst()
          .orElseThrow().score() > scoreBefore);
    }
  }
}
