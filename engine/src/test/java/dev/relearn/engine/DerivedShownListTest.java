package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Feedback without a shown list takes the query's current top 10 as a search shows it by
 * default: learned once there is feedback. A chunk that feedback lifted into that top 10 and the
 * user picked from there was shown: a very strong use, not a weak one.
 */
class DerivedShownListTest {
  private static final String QUERY = "rotate signing keys";

  @TempDir Path tmp;

  @Test
  void theDerivedShownListIsWhatTheDefaultSearchShows() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < 30; i++) {
      Files.writeString(docs.resolve("note" + i + ".md"), "# Note " + i
          + "\nRotate signing keys, part " + i + ": keys rotate daily.\n");
    }
    try (Relearn relearn = Relearn.open(tmp.resolve("index"), TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      List<String> hybrid = ids(relearn.search(SearchRequest.of(QUERY).withK(30)).hits());
      String lifted = hybrid.get(10); // just below the hybrid top 10
      for (int s = 0; s < 5; s++) {
        relearn.feedback(FeedbackRequest.of(QUERY, List.of(lifted)).withOutcome(Outcome.SUCCESS)
            .withIds("session-" + s, "event-" + s)
            .withShown(List.of(new ShownResult(lifted, 1)), true, false));
      }
      assertEquals(SearchMode.LEARNED, relearn.defaultMode());
      List<String> shownNow = ids(relearn.search(SearchRequest.of(QUERY)
          .withMode(relearn.defaultMode()).withK(10)).hits());
      assertTrue(shownNow.contains(lifted), "precondition: feedback lifted it into the top 10 "
          + "the user's search shows: " + shownNow);
      assertFalse(ids(relearn.search(SearchRequest.of(QUERY).withK(10)).hits()).contains(lifted),
          "precondition: not in the hybrid top 10");

      // the user picks it from the list their search showed; the caller does not pass the list
      relearn.feedback(FeedbackRequest.of(QUERY, List.of(lifted)).withOutcome(Outcome.SUCCESS)
          .withIds("session-x", "event-x").withShown(null, true, false));
      SignalClass recorded = relearn.recentFeedback(1).get(0).signal();
      assertEquals(SignalClass.VERY_STRONG, recorded,
          "the chunk was in the query's current top 10, so it was shown");
    }
  }

  private static List<String> ids(List<Hit> hits) {
    return hits.stream().map(Hit::chunkId).toList();
  }
}
