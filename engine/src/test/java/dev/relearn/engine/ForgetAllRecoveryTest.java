package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.Rating;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.files.FileTrees;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.weights.ClassStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A forget-all cut short before the weights were reset (an I/O error saving them, or a crash) is
 * finished by the next open, which replays it from the feedback log: what ratings taught and the
 * recent-feedback list (derived from the events) are reset then. The engine it failed in finishes it too, before its next
 * call that writes, once the weights can be saved again.
 */
class ForgetAllRecoveryTest {
  @TempDir Path tmp;

  @Test
  void theNextOpenResetsTheWeightsAndTheRecentListThatAFailedForgetAllLeft() throws Exception {
    Path index = tmp.resolve("idx");
    Path weightsFile = index.resolve(Relearn.WEIGHTS_FILE);
    byte[] taught;
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      String id = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of("rotate", List.of(id)).withIds("alice", null)
          .withRating(Rating.thumbs(true), null));
      assertEquals(1, ratedSamples(relearn));
      assertEquals(1, relearn.recentFeedback(10).size());
      taught = Files.readAllBytes(weightsFile);
      // the weights can no longer be saved: a folder stands where their file is to be replaced
      Files.delete(weightsFile);
      Files.createDirectories(weightsFile.resolve("in-the-way"));
      assertThrows(IOException.class, relearn::forgetAll);
      assertEquals(0, relearn.feedbackStats().ledgerEvents(), "the store's part was committed");
    }
    FileTrees.delete(weightsFile);
    Files.write(weightsFile, taught); // what a crash before the weights were saved leaves
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      assertEquals(0, relearn.feedbackStats().ledgerEvents());
      assertEquals(0, ratedSamples(relearn), "what the forgotten ratings taught came back");
      assertEquals(List.of(), relearn.recentFeedback(10));
    }
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      assertEquals(0, ratedSamples(relearn), "the reset was saved");
      assertEquals(List.of(), relearn.recentFeedback(10), "emptied on disk too");
      assertTrue(Files.isRegularFile(weightsFile));
    }
  }

  @Test
  void theEngineFinishesAFailedForgetAllBeforeItsNextWriteOnceTheWeightsCanBeSaved()
      throws Exception {
    Path index = tmp.resolve("idx");
    Path weightsFile = index.resolve(Relearn.WEIGHTS_FILE);
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      String id = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of("rotate", List.of(id)).withIds("alice", null)
          .withRating(Rating.thumbs(true), null));
      Files.delete(weightsFile);
      Files.createDirectories(weightsFile.resolve("in-the-way"));
      assertThrows(IOException.class, relearn::forgetAll);
      FileTrees.delete(weightsFile); // the weights can be saved again
      relearn.feedback(FeedbackRequest.of("rotate keys", List.of(id)).withIds("bob", null));
      assertEquals(0, ratedSamples(relearn));
      assertEquals(1, relearn.recentFeedback(10).size(), "only the new feedback");
      assertEquals(1, relearn.feedbackStats().ledgerEvents(), "only the new feedback");
      assertTrue(Files.isRegularFile(weightsFile));
    }
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      assertEquals(0, ratedSamples(relearn), "the reset was saved");
      assertEquals(1, relearn.recentFeedback(10).size());
      assertEquals(1, relearn.feedbackStats().ledgerEvents());
    }
  }

  private static long ratedSamples(Relearn relearn) {
    return relearn.weights().allStats().values().stream().mapToLong(ClassStats::samples).sum();
  }
}
