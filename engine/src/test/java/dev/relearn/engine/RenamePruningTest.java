package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine kept open for days re-indexes a file after every edit, and each edit of a chunk
 * renames it (content-hash ids): the ledger records the rename so that past evidence follows the
 * chunk. Renames no remaining event or cluster needs are deleted when feedback is forgotten (or
 * expires); before, every rename stayed for good, in memory and in the ledger's files, so the
 * ledger grew with the number of edits instead of with the feedback it holds.
 */
class RenamePruningTest {
  private static final int EDITS = 20;

  @TempDir Path tmp;

  @Test
  void renamesGoWithTheLastEvidenceThatNeedsThem() throws Exception {
    Path docs = KeyDocs.write(tmp);
    Path index = tmp.resolve("idx");
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String first = top(relearn);
      for (String session : List.of("a", "b")) {
        relearn.feedback(FeedbackRequest.of("rotate the signing keys", List.of(first))
            .withOutcome(Outcome.SUCCESS).withIds(session, "event-" + session));
      }
      for (int edit = 1; edit <= EDITS; edit++) {
        Files.writeString(docs.resolve("keys.md"), "# Keys\n## Rotate\nRotate signing keys every "
            + edit + " days.\n## Revoke\nRevoke a leaked key at once.\n");
        relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      }
      String current = top(relearn);
      assertNotEquals(first, current);
      relearn.feedbackStore().checkpoint(); // commits the logged renames
      assertEquals(EDITS, ledgerDocs(index) - 2, "one rename per edit beside the two events");

      relearn.forgetSession("a");
      assertEquals(EDITS, ledgerDocs(index) - 1, "session b's event still needs every rename");
      assertEquals(1, relearn.feedbackStore().learned(current).successes(),
          "b's success follows the chunk through every rename");

      relearn.forgetSession("b");
      assertEquals(0, ledgerDocs(index), "no event or cluster left, so no rename is needed");
    }
    try (Relearn reopened = Relearn.open(index, HASHING)) {
      assertEquals(0, reopened.feedbackStats().ledgerEvents());
      assertEquals(0, ledgerDocs(index), "pruned renames stay pruned after a reopen");
    }
  }

  private static String top(Relearn relearn) throws Exception {
    return relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
  }

  /** The live documents of the ledger's last commit: its events and its renames. */
  private static int ledgerDocs(Path index) throws Exception {
    Path ledger = index.resolve(Relearn.FEEDBACK_FOLDER).resolve("events");
    try (FSDirectory directory = FSDirectory.open(ledger);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      return reader.numDocs();
    }
  }
}
