package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.search.SearchRequest;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A forget whose trust refit cannot be saved says that the feedback was forgotten all the same. */
class ForgetTrustSaveTest {
  @TempDir Path tmp;

  @Test
  void aForgetWhoseTrustCannotBeSavedSaysTheFeedbackWasForgotten() throws Exception {
    Path docs = KeyDocs.write(tmp);
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of("rotate", List.of(id)).withIds("alice", null));
      Path trust = tmp.resolve("idx").resolve(Relearn.FEEDBACK_FOLDER).resolve(ClickTrust.FILE);
      Files.deleteIfExists(trust);
      Files.createDirectories(trust.resolve("in-the-way")); // the save cannot replace it
      IOException e = assertThrows(IOException.class, () -> relearn.forgetSession("alice"));
      assertTrue(e.getMessage().startsWith("the session's feedback was forgotten, but"),
          e.getMessage());
      assertEquals(0, relearn.feedbackStats().ledgerEvents(), "the forget took effect");
    }
  }
}
