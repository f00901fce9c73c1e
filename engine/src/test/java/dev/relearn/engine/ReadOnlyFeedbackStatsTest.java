package dev.relearn.engine;

import static dev.relearn.engine.TestOptions.HASHING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.store.ReadOnlyFeedback;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second, read-only process sees the feedback the writer checkpointed, even when it was opened
 * before the writer's first checkpoint: its searches use it and default to learned, and its
 * feedback statistics count the checkpoint as the writer's own count them. Before, such an engine
 * never learned from feedback checkpointed after it opened, had no feedback statistics (a
 * read-only MCP server's {@code learning_stats} failed), and searched in hybrid mode by default
 * however much feedback there was.
 */
class ReadOnlyFeedbackStatsTest {
  @TempDir Path tmp;

  @Test
  void aReadOnlyEngineCountsTheWritersCheckpointAndSearchesLearnedByDefault() throws Exception {
    Path index = tmp.resolve("idx");
    try (Relearn writer = Relearn.open(index, HASHING)) {
      writer.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      try (Relearn reader = Relearn.open(index, HASHING.withReadOnly(true))) {
        assertEquals(SearchMode.HYBRID, reader.defaultMode(), "no feedback yet");
        assertEquals(0, reader.feedbackStats().ledgerEvents());

        List<String> ids = writer.search(SearchRequest.of("rotate keys")).hits().stream()
            .map(hit -> hit.chunkId()).toList();
        writer.feedback(FeedbackRequest.of("rotate the signing keys", List.of(ids.get(0)))
            .withOutcome(Outcome.SUCCESS).withIds("alice", null));
        writer.feedback(FeedbackRequest.of("how long do keys live", List.of(ids.get(1)))
            .withOutcome(Outcome.FAILURE).withIds("bob", null));
        assertEquals(SearchMode.LEARNED, writer.defaultMode());
        writer.feedbackStore().checkpoint();
        Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS + 50); // the reader looks again after this

        assertEquals(SearchMode.LEARNED, reader.defaultMode());
        assertTrue(reader.explain(SearchRequest.of("rotate the signing keys")).explanations()
            .stream().anyMatch(why -> Explained.evidence(why) > 0),
            "its searches use the feedback");
        StoreStats own = writer.feedbackStats();
        StoreStats seen = reader.feedbackStats();
        assertEquals(2, seen.ledgerEvents());
        assertEquals(own.ledgerEvents(), seen.ledgerEvents());
        assertEquals(own.learnedChunks(), seen.learnedChunks());
        assertTrue(seen.learnedChunks() >= 2, "shown chunks have evidence: " + seen);
        assertEquals(own.clusters(), seen.clusters());
        assertEquals(0.5, seen.clusters().positiveRate());
        assertEquals(0, seen.pendingUpdates());
        assertTrue(seen.recovery().problems().isEmpty());
      }
    }
  }
}
