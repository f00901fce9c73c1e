package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.search.SearchRequest;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.files.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index folder deleted or moved while an engine has it open: the engine never creates it again
 * (reopening its writers after the failed write would make a new, empty index there, where
 * searches find nothing), and every later call fails saying what happened to the folder and what
 * to do; a read-only engine says so too.
 */
class DeletedFolderTest {
  @TempDir Path tmp;

  @Test
  void aFolderDeletedWhileOpenIsNotCreatedAgainAndEveryCallSaysSo() throws Exception {
    Path index = tmp.resolve("index");
    Path folder = index.toAbsolutePath().normalize();
    Relearn relearn = Relearn.open(index, HASHING);
    relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    String id = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
    FileTrees.delete(index);
    assertGone(folder, () -> relearn.search(SearchRequest.of("rotate keys"))); // no stale hits
    FeedbackRequest feedback =
        FeedbackRequest.of("rotate keys", List.of(id)).withOutcome(Outcome.SUCCESS);
    for (int i = 0; i < 2; i++) { // the second is where stopped writers would be reopened
      assertGone(folder, () -> relearn.feedback(feedback));
      assertFalse(Files.exists(index), "the folder was created again");
    }
    assertGone(folder, () -> relearn.search(SearchRequest.of("rotate keys")));
    assertGone(folder, relearn::stats);
    assertGone(folder, relearn::forgetAll);
    assertFalse(relearn.writable());
    closeGone(folder, relearn);
    assertFalse(Files.exists(index), "closing created the folder again");
    try (Relearn again = Relearn.open(index, HASHING)) { // a new, empty index, as said
      assertEquals(0, again.chunkCount());
    }
  }

  @Test
  void aTrustRefitSavingAfterTheFolderWasDeletedDoesNotMakeItAgain() throws Exception {
    Path index = tmp.resolve("index");
    Relearn relearn = Relearn.open(index, HASHING);
    relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    ClickTrust trust = relearn.parts().feedback().clickTrust(); // as the background refit saves
    FileTrees.delete(index);
    NoSuchFileException e = assertThrows(NoSuchFileException.class, trust::refit);
    assertTrue(e.getMessage().startsWith(index.toAbsolutePath().resolve("feedback")
        + ": cannot write trust.json"), e.getMessage());
    assertFalse(Files.exists(index), "the save made the folder again");
    closeGone(index.toAbsolutePath().normalize(), relearn);
  }

  @Test
  void aFolderMadeAgainEmptyIsNotFilledWithANewIndex() throws Exception {
    Path index = tmp.resolve("index");
    Path folder = index.toAbsolutePath().normalize();
    Relearn relearn = Relearn.open(index, HASHING);
    relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    String id = relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
    FileTrees.delete(index);
    Files.createDirectory(index); // by someone else
    assertGone(folder, () -> relearn.search(SearchRequest.of("rotate keys"))); // no stale hits
    FeedbackRequest feedback =
        FeedbackRequest.of("rotate keys", List.of(id)).withOutcome(Outcome.SUCCESS);
    for (int i = 0; i < 2; i++) {
      assertGone(folder, () -> relearn.feedback(feedback));
    }
    assertGone(folder, () -> relearn.search(SearchRequest.of("rotate keys")));
    closeGone(folder, relearn);
    try (Stream<Path> entries = Files.list(index)) {
      assertEquals(List.of(), entries.toList());
    }
  }

  @Test
  void aReadOnlyEngineWhoseFolderIsDeletedSaysSo() throws Exception {
    Path index = tmp.resolve("index");
    Path folder = index.toAbsolutePath().normalize();
    Relearn writer = Relearn.open(index, HASHING);
    writer.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    try (Relearn reader = Relearn.open(index, HASHING.withReadOnly(true))) {
      assertFalse(reader.search(SearchRequest.of("rotate keys")).hits().isEmpty());
      FileTrees.delete(index);
      assertGone(folder, () -> reader.search(SearchRequest.of("rotate keys")));
      assertGone(folder, reader::chunkCount);
    } finally {
      closeGone(folder, writer);
    }
    assertFalse(Files.exists(index));
  }

  /** Closes {@code engine}; if something was left to write, the failure says the folder is gone. */
  private static void closeGone(Path folder, Relearn engine) {
    try {
      engine.close();
    } catch (IOException e) {
      assertGoneMessage(folder, e);
    }
  }

  private static void assertGone(Path folder, Executable call) {
    assertGoneMessage(folder, assertThrows(IOException.class, call));
  }

  private static void assertGoneMessage(Path folder, IOException e) {
    String message = e.getMessage();
    assertTrue(message.startsWith("the index folder " + folder + " was deleted or moved while"
        + " relearn had it open"), message);
    assertTrue(message.contains("restore the folder"), message);
    assertFalse(message.contains("Searches still work"), message);
  }
}
