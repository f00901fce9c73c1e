package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.weights.ClassStats;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.engine.weights.Weights;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Explicit ratings teach the per-class weights the learned ranking uses, and they persist. */
class AdaptiveWeightsEngineTest {
  private static final String QUERY = "how do I rotate signing keys";

  @TempDir Path tmp;
  private Path docs;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @BeforeEach
  void writeDocs() throws Exception {
    docs = KeyDocs.write(tmp);
  }

  @Test
  void ratingsMoveTheQueryClassWeightsAfterWarmUpAndSurviveReopen() throws Exception {
    Weights learned;
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(QueryClass.QUESTION, Relearn.queryClass(QUERY));
      // the second hit: a rating of a hit every signal ranked first would teach nothing
      String second = relearn.search(SearchRequest.of(QUERY)).hits().get(1).chunkId();
      for (int i = 0; i < 4; i++) {
        relearn.feedback(FeedbackRequest.of(QUERY, List.of(second))
            .withRating(Rating.thumbs(true), null));
      }
      ClassStats warming = relearn.weights().stats(QueryClass.QUESTION);
      assertEquals(4, warming.samples());
      assertEquals(Weights.DEFAULT, warming.weights(), "no move before 5 samples");
      relearn.feedback(FeedbackRequest.of(QUERY, List.of(second)).withRating(Rating.stars(5),
          null));
      ClassStats warm = relearn.weights().stats(QueryClass.QUESTION);
      assertEquals(5, warm.samples());
      assertEquals(5, warm.positives());
      assertNotEquals(Weights.DEFAULT, warm.weights(), "the fifth rating moves the weights");
      assertTrue(warm.weights().learned() > Weights.DEFAULT.learned(),
          "from the second rating on, the boost favoured the rated hit most: " + warm.weights());
      assertEquals(1, warm.history().size());
      assertEquals(Weights.DEFAULT, relearn.weights().weights(QueryClass.KEYWORDS),
          "other classes are untouched");
      learned = warm.weights();
    }
    try (Relearn reopened = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertEquals(learned, reopened.weights().weights(QueryClass.QUESTION));
      reopened.resetWeights(QueryClass.QUESTION);
      assertEquals(0, reopened.weights().stats(QueryClass.QUESTION).samples());
    }
    try (Relearn reset = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertEquals(Weights.DEFAULT, reset.weights().weights(QueryClass.QUESTION),
          "the reset was saved");
    }
  }

  @Test
  void aRatedEventCountsOnceAndARetryAfterACrashBeforeTheWeightsWereSavedCountsIt()
      throws Exception {
    Path idx = tmp.resolve("idx");
    Path weightsFile = idx.resolve(Relearn.WEIGHTS_FILE);
    String savedBefore;
    FeedbackRequest rated;
    try (Relearn relearn = Relearn.open(idx, hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String top = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of(QUERY, List.of(top)).withRating(Rating.thumbs(true),
          null).withIds("s", "first"));
      savedBefore = Files.readString(weightsFile);
      rated = FeedbackRequest.of(QUERY, List.of(top)).withRating(Rating.stars(5), null)
          .withIds("s", "second");
      assertFalse(relearn.feedback(rated).duplicate());
      assertTrue(relearn.feedback(rated).duplicate(), "a retry is a duplicate");
      assertEquals(2, relearn.weights().stats(QueryClass.QUESTION).samples(),
          "and its rating is not applied twice");
    }
    // A crash between logging "second" and saving the weights: the log has the event, the
    // weights file is as it was before.
    Files.writeString(weightsFile, savedBefore);
    try (Relearn reopened = Relearn.open(idx, hashing)) {
      assertEquals(1, reopened.weights().stats(QueryClass.QUESTION).samples());
      assertTrue(reopened.feedback(rated).duplicate(), "the event itself survived");
      assertEquals(2, reopened.weights().stats(QueryClass.QUESTION).samples(),
          "the retry applies the rating the crash lost");
      reopened.feedback(rated);
      assertEquals(2, reopened.weights().stats(QueryClass.QUESTION).samples(), "once");
    }
    try (Relearn again = Relearn.open(idx, hashing)) {
      again.feedback(rated);
      assertEquals(2, again.weights().stats(QueryClass.QUESTION).samples(),
          "the applied ids are saved with the weights");
    }
  }

  @Test
  void feedbackWithoutRatingLeavesTheWeightsAlone() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String top = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of(QUERY, List.of(top)).withOutcome(Outcome.SUCCESS));
      assertEquals(0, relearn.weights().stats(QueryClass.QUESTION).samples());
      assertFalse(Files.exists(tmp.resolve("idx").resolve(Relearn.WEIGHTS_FILE)));
    }
  }

  @Test
  void recentFeedbackIsDerivedFromTheEventsByClassAndTimeAcrossRestarts() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String top = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of(QUERY, List.of(top)).withOutcome(Outcome.SUCCESS)
          .withIds("alice", null));
      relearn.feedback(FeedbackRequest.of("cache size", List.of(top))
          .withRating(Rating.thumbs(false), null).withIds(null, "second"));
      relearn.feedback(FeedbackRequest.of("cache size", List.of(top))
          .withRating(Rating.thumbs(false), null).withIds(null, "second")); // a duplicate
    }
    try (Relearn reopened = Relearn.open(tmp.resolve("idx"), hashing)) {
      List<FeedbackSummary> recent = reopened.recentFeedback(10);
      assertEquals(2, recent.size(), "newest first, the duplicate not counted: " + recent);
      assertEquals(QueryClass.KEYWORDS, recent.get(0).queryClass());
      assertEquals(Rating.thumbs(false), recent.get(0).rating());
      assertEquals(QueryClass.QUESTION, recent.get(1).queryClass());
      assertEquals(Outcome.SUCCESS, recent.get(1).outcome());
      assertEquals(SignalClass.STRONG, recent.get(1).signal());
      assertTrue(recent.get(1).millis() <= recent.get(0).millis());
      reopened.forgetSession("alice");
      assertEquals(1, reopened.recentFeedback(10).size(), "a forgotten event leaves the list");
    }
    try (Relearn readOnly = Relearn.open(tmp.resolve("idx"), hashing.withReadOnly(true))) {
      assertEquals(List.of(QueryClass.KEYWORDS), readOnly.recentFeedback(10).stream()
          .map(FeedbackSummary::queryClass).toList(), "a read-only engine reads the checkpoint's");
    }
  }
}
