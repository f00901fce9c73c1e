package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-only engine follows the writer's commits and knows about its feedback; closing twice is
 * harmless.
 */
class ReadOnlyRefreshTest {
  /** How long a reader may take to follow the writer: a liveness bound for a loaded machine. */
  private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(60);

  @TempDir Path tmp;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @Test
  void aReadOnlyEngineSeesTheWritersNewCommits() throws Exception {
    assertFollowsTheWriter((reader, query) -> reader.search(query).hits().stream()
        .map(Hit::chunkId).toList());
  }

  @Test
  void aReadOnlyEnginesLearnedWindowFollowsTheWriterToo() throws Exception {
    assertFollowsTheWriter((reader, query) -> reader.learnedWindow(query).stream()
        .map(RescoredHit::chunkId).toList());
  }

  /** What a read-only engine's call finds: the ids of its hits. */
  private interface Finds {
    List<String> ids(Relearn reader, SearchRequest query) throws Exception;
  }

  /** {@code finds}, and nothing else, sees a chunk the writer indexed after the reader opened. */
  private void assertFollowsTheWriter(Finds finds) throws Exception {
    Path index = tmp.resolve("idx");
    Path docs = KeyDocs.write(tmp);
    try (Relearn writer = Relearn.open(index, hashing)) {
      writer.index(docs, SourceFormat.AUTO, Progress.NONE);
      try (Relearn reader = Relearn.open(index, hashing.withReadOnly(true))) {
        SearchRequest query = SearchRequest.of("zebra migration").withK(20);
        List<String> before = finds.ids(reader, query);
        Files.writeString(docs.resolve("zebra.md"), "# Zebra\nZebra migration crosses rivers.\n");
        writer.index(docs, SourceFormat.AUTO, Progress.NONE);
        String zebra = writer.search(query).hits().stream()
            .filter(h -> h.path().endsWith("zebra.md")).findFirst().orElseThrow().chunkId();
        assertTrue(!before.contains(zebra));
        boolean seen = false;
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        while (!seen && System.nanoTime() < deadline) {
          Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS + 50);
          seen = finds.ids(reader, query).contains(zebra);
        }
        assertTrue(seen, "the read-only engine never saw the new commit");
      }
    }
  }

  @Test
  void aReadOnlyEngineRanksWithThePastQueriesOfTheWritersCheckpoint() throws Exception {
    Path index = tmp.resolve("idx");
    String query = "how do I revoke a leaked key";
    SearchRequest learned = SearchRequest.of(query).withMode(SearchMode.LEARNED).withK(3);
    String used;
    List<String> writerOrder;
    try (Relearn writer = Relearn.open(index, hashing)) {
      writer.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      used = writer.search(learned).hits().get(1).chunkId();
      for (int i = 0; i < 5; i++) {
        writer.feedback(FeedbackRequest.of(query, List.of(used)).withOutcome(Outcome.SUCCESS)
            .withIds("s" + i, null));
      }
      writerOrder = writer.search(learned).hits().stream().map(Hit::chunkId).toList();
    } // closing checkpoints the feedback
    try (Relearn reader = Relearn.open(index, hashing.withReadOnly(true))) {
      ExplainedResults explained = reader.explain(learned);
      assertEquals(writerOrder, explained.results().hits().stream().map(Hit::chunkId).toList());
      int at = writerOrder.indexOf(used);
      assertTrue(Explained.evidence(explained.explanations().get(at)) > 0,
          "the boost comes from similar past queries: " + explained.explanations().get(at));
    }
  }

  @Test
  void aReadOnlyEngineStopsUsingAForgottenSessionOnceItRefreshes() throws Exception {
    Path index = tmp.resolve("idx");
    String query = "how do I revoke a leaked key";
    SearchRequest learned = SearchRequest.of(query).withMode(SearchMode.LEARNED).withK(3);
    try (Relearn writer = Relearn.open(index, hashing)) {
      writer.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      String used = writer.search(learned).hits().get(1).chunkId();
      for (int i = 0; i < 5; i++) {
        writer.feedback(FeedbackRequest.of(query, List.of(used)).withOutcome(Outcome.SUCCESS)
            .withIds("gone", null));
      }
      writer.feedbackStore().checkpoint();
      try (Relearn reader = Relearn.open(index, hashing.withReadOnly(true))) {
        assertTrue(evidence(reader, learned, used) > 0, "the reader uses the session's evidence");
        writer.feedbackStore().forgetSession(writer.feedbackStore().sessions().hash("gone"));
        double left = evidence(reader, learned, used);
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        while (left > 0 && System.nanoTime() < deadline) {
          Thread.sleep(Relearn.READ_ONLY_REFRESH_MILLIS);
          left = evidence(reader, learned, used);
        }
        assertEquals(0.0, left, "the reader still uses the forgotten session's evidence");
        for (Hit hit : reader.search(learned.withK(20)).hits()) {
          assertEquals(LearnedValues.NEUTRAL, hit.learned(), hit.chunkId());
        }
      }
    }
  }

  private static double evidence(Relearn reader, SearchRequest request, String id)
      throws Exception {
    ExplainedResults explained = reader.explain(request.withK(20));
    List<Hit> hits = explained.results().hits();
    for (int i = 0; i < hits.size(); i++) {
      if (hits.get(i).chunkId().equals(id)) {
        return Explained.evidence(explained.explanations().get(i));
      }
    }
    throw new AssertionError("no hit " + id);
  }

  @Test
  void aReadOnlyEngineSearchesLearnedOnceTheWriterHasFeedback() throws Exception {
    Path index = tmp.resolve("idx");
    try (Relearn writer = Relearn.open(index, hashing)) {
      writer.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      assertEquals(SearchMode.HYBRID, writer.defaultMode());
      try (Relearn reader = Relearn.open(index, hashing.withReadOnly(true))) {
        assertEquals(SearchMode.HYBRID, reader.defaultMode());
      }
      String used = writer.search(SearchRequest.of("rotate keys")).hits().get(0).chunkId();
      writer.feedback(FeedbackRequest.of("rotate keys", List.of(used)));
      assertEquals(SearchMode.LEARNED, writer.defaultMode());
    } // closing checkpoints the feedback
    try (Relearn reader = Relearn.open(index, hashing.withReadOnly(true))) {
      assertEquals(SearchMode.LEARNED, reader.defaultMode(), "searches use the feedback");
    }
  }

  @Test
  void closingTwiceIsHarmless() throws Exception {
    Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing);
    relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    relearn.close();
    relearn.close();
    try (Relearn again = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertEquals(false, again.readOnly());
    }
  }
}
