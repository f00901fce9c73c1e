package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A feedback folder recorded with another model is refused, and so is one holding past queries
 * without a marker; a missing one starts afresh.
 */
class FeedbackModelMarkerTest {
  @TempDir Path tmp;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @Test
  void feedbackFromAnotherModelIsRefusedAndAMissingFolderStartsAfresh() throws Exception {
    Path index = tmp.resolve("idx");
    String model = indexWithFeedback(index);
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

  @Test
  void pastQueriesWithoutAMarkerAreRefusedUntilItIsWritten() throws Exception {
    Path index = tmp.resolve("idx");
    String model = indexWithFeedback(index);
    Path marker = index.resolve(Relearn.FEEDBACK_FOLDER).resolve(FeedbackModelMarker.FILE);
    for (String lost : new String[] {null, ""}) { // deleted, or left empty by an old crash
      if (lost == null) {
        Files.delete(marker);
      } else {
        Files.writeString(marker, lost);
      }
      IllegalStateException writable =
          assertThrows(IllegalStateException.class, () -> Relearn.open(index, hashing));
      assertTrue(writable.getMessage().contains("holds past queries but no model id in " + marker)
          && writable.getMessage().contains("If it was " + model + ", write that id"),
          writable.getMessage());
      IllegalStateException readOnly = assertThrows(IllegalStateException.class,
          () -> Relearn.open(index, hashing.withReadOnly(true)));
      assertEquals(writable.getMessage(), readOnly.getMessage());
      assertEquals(lost == null, Files.notExists(marker), "nothing was written");
    }
    Files.writeString(marker, model + "\n"); // the way out the message gives
    try (Relearn relearn = Relearn.open(index, hashing)) {
      assertEquals(1, relearn.feedbackStats().ledgerEvents());
    }
  }

  /** Indexes a few documents into {@code index}, records one piece of feedback; the model id. */
  private String indexWithFeedback(Path index) throws Exception {
    try (Relearn relearn = Relearn.open(index, hashing)) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      String top = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
      relearn.feedback(FeedbackRequest.of("rotate keys", List.of(top)));
      return relearn.metadata().modelId();
    }
  }
}
