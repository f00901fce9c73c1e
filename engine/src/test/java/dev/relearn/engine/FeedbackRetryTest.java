package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.Learnability;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A retry of recorded feedback is answered with what was recorded, not with what it says. */
class FeedbackRetryTest {
  @TempDir Path tmp;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @Test
  void aRetryIsAnsweredWithTheRecordedSignalAndLearnabilityAlsoAfterReopen() throws Exception {
    Path docs = KeyDocs.write(tmp);
    String used;
    String other;
    FeedbackRequest first;
    FeedbackRequest retry;
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      var hits = relearn.search(SearchRequest.of("rotate keys")).hits();
      used = hits.get(0).chunkId();
      other = hits.get(1).chunkId();
      first = FeedbackRequest.of("rotate keys", List.of(used)).withOutcome(Outcome.SUCCESS)
          .withIds("s", "retry-1").withShown(List.of(new ShownResult(used, 1)), true, false);
      // the same key, but what the retry says was shown (the query's list by then) lacks it
      retry = first.withOutcome(Outcome.FAILURE)
          .withShown(List.of(new ShownResult(other, 1)), true, false);
      FeedbackAck recorded = relearn.feedback(first);
      assertFalse(recorded.duplicate());
      assertEquals(SignalClass.VERY_STRONG, recorded.signal());
      assertEquals(Learnability.STRONG_POSITIVE, recorded.learnability());
      assertRecordedAnswer(relearn.feedback(retry));
    }
    try (Relearn reopened = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertRecordedAnswer(reopened.feedback(retry));
      assertEquals(1, reopened.feedbackStore().stats().ledgerEvents());
    }
  }

  @Test
  void aRetryWhoseChunksWentSinceIsStillAnsweredAsRecorded() throws Exception {
    Path docs = KeyDocs.write(tmp);
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String used = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
      FeedbackRequest first = FeedbackRequest.of("rotate keys", List.of(used))
          .withOutcome(Outcome.SUCCESS).withIds("s", "retry-1")
          .withShown(List.of(new ShownResult(used, 1)), true, false);
      relearn.feedback(first);
      relearn.remove(List.of(docs), false); // the answer was lost; the chunk went meanwhile
      assertRecordedAnswer(relearn.feedback(first));
      IllegalArgumentException fresh = assertThrows(IllegalArgumentException.class,
          () -> relearn.feedback(first.withIds("s", "retry-2")), "new feedback on gone chunks");
      assertTrue(fresh.getMessage().startsWith("none of the used chunk ids is in the index"));
    }
  }

  private static void assertRecordedAnswer(FeedbackAck again) {
    assertTrue(again.duplicate());
    assertEquals("retry-1", again.eventId());
    assertEquals(SignalClass.VERY_STRONG, again.signal(), "as recorded, not as the retry says");
    assertEquals(Learnability.STRONG_POSITIVE, again.learnability());
  }
}
