package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A feedback folder recorded with another model is refused; a missing one starts afresh. */
class FeedbackModelMarkerTest {
  @TempDir Path tmp;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @Test
  void feedbackFromAnotherModelIsRefusedAndAMissingFolderStartsAfresh() throws Exception {
    Path index = tmp.resolve("idx");
    String model;
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      model = relearn.metadata().modelId();
      String top = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of("rotate keys", List.of(top)));
    }
    Path marker = index.resolve(Relearn.FEEDBACK_FOLDER).resolve(FeedbackModelMarker.FILE);
    assertEquals(model, Files.readString(marker).strip());
    Files.writeString(marker, "some-other-model\n");
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Relearn.open(index, hashing));
    assertTrue(e.getMessage().contains("recorded with model some-other-model, but this index uses "
        + model), e.getMessage());
    try (var files = Files.walk(index.resolve(Relearn.FEEDBACK_FOLDER))) {
      for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
    try (Relearn fresh = Relearn.open(index, hashing)) { // the failed open released the lock
      assertEquals(0, fresh.feedbackStore().stats().ledgerEvents());
      assertEquals(model, Files.readString(marker).strip());
    }
  }

  @Test
  void anEmptyMarkerLeftByACrashIsWrittenAgainNotReadAsAnotherModel() throws Exception {
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    }
    Path marker = index.resolve(Relearn.FEEDBACK_FOLDER).resolve(FeedbackModelMarker.FILE);
    Files.writeString(marker, ""); // created, then killed before the model id was written
    try (Relearn relearn = Relearn.open(index, hashing)) {
      assertEquals(relearn.metadata().modelId(), Files.readString(marker).strip());
    }
    try (var files = Files.list(marker.getParent())) {
      assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")));
    }
  }
}
