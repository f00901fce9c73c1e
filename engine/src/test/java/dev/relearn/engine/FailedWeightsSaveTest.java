package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.search.SearchRequest;
import dev.relearn.feedback.event.Rating;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When saving the weights fails (a full disk), the rating is already applied in memory and its
 * id remembered; the caller's retry of the same event changes nothing in memory but saves, so the
 * rating survives a restart.
 */
class FailedWeightsSaveTest {
  private static final String QUERY = "how do I rotate signing keys";

  @TempDir Path tmp;

  @Test
  void aRatingWhoseSaveFailedIsSavedByTheSuccessfulRetry() throws Exception {
    Path docs = KeyDocs.write(tmp);
    Path idx = tmp.resolve("idx");
    Path weightsFile = idx.resolve(Relearn.WEIGHTS_FILE);
    try (Relearn relearn = Relearn.open(idx, TestOptions.HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String top = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
      FeedbackRequest rated = FeedbackRequest.of(QUERY, List.of(top))
          .withRating(Rating.thumbs(true), null).withIds("s", "rated-once");
      // the weights file cannot be replaced: a non-empty folder stands in its place
      Files.createDirectories(weightsFile).resolve("blocker").toFile().createNewFile();
      assertThrows(IOException.class, () -> relearn.feedback(rated));
      Files.delete(weightsFile.resolve("blocker"));
      Files.delete(weightsFile);
      relearn.feedback(rated); // the retry succeeds
      assertEquals(1, relearn.weights().stats(QueryClass.QUESTION).samples());
    }
    assertTrue(Files.isRegularFile(weightsFile), "the successful retry saved the weights");
    try (Relearn reopened = Relearn.open(idx, TestOptions.HASHING)) {
      assertEquals(1, reopened.weights().stats(QueryClass.QUESTION).samples(),
          "the rating survives the restart");
    }
  }
}
