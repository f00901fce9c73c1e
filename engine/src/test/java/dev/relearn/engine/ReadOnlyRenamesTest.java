package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.store.FeedbackStoreConfig;
import dev.relearn.feedback.store.ReadOnlyFeedback;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-only process's similar-query lookups ({@link ReadOnlyFeedback}, what a read-only engine
 * uses) count a renamed chunk's evidence for its current id, as the writer's checkpoints record
 * the rename; before, they kept the old id and the chunk lost its boost there.
 */
class ReadOnlyRenamesTest {
  @TempDir Path tmp;

  @Test
  void aRenameTheWriterCheckpointsReachesReadOnlyLookups() throws Exception {
    Path docs = KeyDocs.write(tmp);
    try (Relearn writer = Relearn.open(tmp.resolve("idx"), HASHING)) {
      writer.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = top(writer);
      writer.feedback(FeedbackRequest.of("rotate the signing keys", List.of(id))
          .withOutcome(Outcome.SUCCESS));
      writer.feedbackStore().checkpoint();
      float[] query = writer.embedder().embedQuery("rotate the signing keys");
      Path folder = tmp.resolve("idx").resolve(Relearn.FEEDBACK_FOLDER);
      FeedbackStoreConfig config = FeedbackStoreConfig.defaults(query.length);
      try (ReadOnlyFeedback reader = ReadOnlyFeedback.open(folder, config)) {
        assertTrue(evidence(reader, query).containsKey(id));
        Files.writeString(docs.resolve("keys.md"), Files.readString(docs.resolve("keys.md"))
            .replace("every 90 days", "every 30 days"));
        writer.index(docs, SourceFormat.AUTO, Progress.NONE); // renames the chunk
        String newId = top(writer);
        assertNotEquals(id, newId);
        writer.feedbackStore().checkpoint();
        Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS + 50); // the reader looks again after this
        Map<String, ChunkEvidence> chunks = evidence(reader, query);
        assertTrue(chunks.containsKey(newId), chunks.toString());
        assertFalse(chunks.containsKey(id), "the old id is gone from the evidence: " + chunks);
        assertTrue(chunks.get(newId).successes() > 0, chunks.toString());
      }
    }
  }

  private static String top(Relearn relearn) throws Exception {
    return relearn.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
  }

  private static Map<String, ChunkEvidence> evidence(ReadOnlyFeedback reader, float[] query)
      throws Exception {
    return reader.similar(query, 0.9f, 5).get(0).chunks();
  }
}
