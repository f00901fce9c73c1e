package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.Learnability;
import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.ClassStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Feedback through the engine: durable, idempotent, visible at once, forgettable. */
class FeedbackTest {
  @TempDir Path tmp;
  private Path docs;
  private final RelearnOptions hashing = RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @BeforeEach
  void writeDocs() throws Exception {
    docs = KeyDocs.write(tmp);
  }

  private static String top(Relearn relearn, String query) throws Exception {
    return relearn.search(SearchRequest.of(query)).hits().get(0).chunkId();
  }

  private static LearnedValues learnedInSearch(Relearn relearn, String query, String id)
      throws Exception {
    for (Hit hit : relearn.search(SearchRequest.of(query).withK(50)).hits()) {
      if (hit.chunkId().equals(id)) {
        return hit.learned();
      }
    }
    throw new AssertionError("no hit " + id);
  }

  @Test
  void strongSignalIsVisibleToTheNextSearchAndSurvivesReopen() throws Exception {
    String id;
    LearnedValues afterAck;
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      id = top(relearn, "rotate keys");
      FeedbackAck ack = relearn.feedback(FeedbackRequest.of("how do I rotate keys", List.of(id))
          .withOutcome(Outcome.SUCCESS).withIds("alice", null));
      assertFalse(ack.duplicate());
      assertEquals(SignalClass.STRONG, ack.signal());
      assertEquals(Learnability.STRONG_POSITIVE, ack.learnability());
      afterAck = learnedInSearch(relearn, "rotate keys", id);
      assertEquals(1.0, afterAck.clicks(), 1e-9, "the aggregates make it visible before any flush");
      assertEquals(1, afterAck.successes());
      List<PastQuery> similar = relearn.feedbackStore()
          .similar(relearn.embedder().embedQuery("how do I rotate keys"), 0.7f, 5);
      assertEquals(1, similar.size());
      assertTrue(similar.get(0).chunks().containsKey(id));
    }
    try (Relearn reopened = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertEquals(afterAck, learnedInSearch(reopened, "rotate keys", id));
      assertEquals(1, reopened.feedbackStore().stats().ledgerEvents());
    }
  }

  @Test
  void feedbackWithoutSessionsKeepsTeachingPastOneSessionsBudget() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = top(relearn, "rotate keys");
      int events = SessionBudget.EVENTS + 5;
      for (int i = 0; i < events; i++) { // each a session of its own: none is over budget
        relearn.feedback(FeedbackRequest.of("rotate keys, question " + i, List.of(id))
            .withOutcome(Outcome.SUCCESS)); // shown: the query's top 10, which holds it
      }
      assertEquals(events, relearn.feedbackStore().learned(id).successes());
      for (int i = 0; i < events; i++) { // one named session: over its budget, as RANKING.md says
        relearn.feedback(FeedbackRequest.of("cache size, question " + i, List.of(id))
            .withOutcome(Outcome.FAILURE).withIds("one-busy-session", null));
      }
      assertEquals(0, relearn.feedbackStore().learned(id).failures());
    }
  }

  @Test
  void feedbackOnNoIndexedChunkIsRefusedAndTeachesNothing() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      List<String> stale = List.of("docs/keys.md#0ld", "gone#1", "gone#2", "gone#3");
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
          () -> relearn.feedback(FeedbackRequest.of("rotate keys", stale)
              .withOutcome(Outcome.SUCCESS)));
      assertEquals("none of the used chunk ids is in the index: 'docs/keys.md#0ld', 'gone#1',"
          + " 'gone#2' and 1 more; a chunk's id changes with its path or text: search again and"
          + " use the ids it returns", refused.getMessage());
      assertEquals(0, relearn.feedbackStore().stats().ledgerEvents());
      assertEquals(SearchMode.HYBRID, relearn.defaultMode(), "nothing was learned");
    }
  }

  @Test
  void duplicatesUnknownIdsAndAmbiguousQuality() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = top(relearn, "cache vectors");
      FeedbackRequest request = FeedbackRequest.of("cache size", List.of(id, "no-such#chunk"))
          .withIds("bob", "key-1");
      FeedbackAck first = relearn.feedback(request);
      assertEquals(List.of("no-such#chunk"), first.unknownIds());
      FeedbackAck again = relearn.feedback(request);
      assertTrue(again.duplicate());
      assertEquals(1, relearn.feedbackStore().stats().ledgerEvents());
      LearnedValues once = relearn.feedbackStore().learned(id);
      FeedbackAck ambiguous = relearn.feedback(FeedbackRequest.of("cache size", List.of(id))
          .withRating(null, 0.3).withIds("bob", "key-2"));
      assertEquals(Learnability.AMBIGUOUS, ambiguous.learnability());
      assertEquals(once, relearn.feedbackStore().learned(id), "recorded, not learned");
      assertEquals(2, relearn.feedbackStore().stats().ledgerEvents());
      assertThrows(IllegalArgumentException.class,
          () -> FeedbackRequest.of("q", List.of()));
      assertEquals("quality must be in [0, 1], got: 2.0", assertThrows(
          IllegalArgumentException.class, () -> FeedbackRequest.of("q", List.of(id))
              .withRating(null, 2.0)).getMessage());
    }
  }

  @Test
  void oneSessionCannotDominateAChunk() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = top(relearn, "revoke leaked key");
      for (int i = 0; i < 40; i++) {
        relearn.feedback(FeedbackRequest.of("revoke key " + i, List.of(id))
            .withOutcome(Outcome.SUCCESS).withIds("spammer", null));
        if (i == 19) { // its 20 events, its whole budget
          LearnedValues capped = relearn.feedbackStore().learned(id);
          assertEquals(3.0, capped.clicks(), 1e-9);
          assertEquals(3, capped.successes());
        }
      }
      assertEquals(LearnedValues.NEUTRAL, relearn.feedbackStore().learned(id),
          "over its event budget, the session adds nothing");
    }
  }

  @Test
  void forgetSessionAndForgetAllResetLearnedFieldsDurably() throws Exception {
    String id;
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      id = top(relearn, "rotate keys");
      relearn.feedback(FeedbackRequest.of("rotate", List.of(id)).withIds("alice", null)
          .withRating(Rating.thumbs(true), null));
      relearn.feedback(FeedbackRequest.of("keys", List.of(id)).withIds("bob", null));
      var store = relearn.feedbackStore();
      assertEquals(2.0, store.learned(id).clicks(), 1e-9);
      assertTrue(relearn.forgetSession("alice") >= 1);
      assertEquals(1.0, store.learned(id).clicks(), 1e-9);
      assertEquals(1.0, learnedInSearch(relearn, "rotate keys", id).clicks(), 1e-9);
      assertEquals(1, ratedSamples(relearn), "one session's ratings stay in the weights");
    }
    SearchRequest learned = SearchRequest.of("rotate keys").withMode(SearchMode.LEARNED);
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertEquals(1, relearn.feedbackStats().ledgerEvents());
      assertEquals(1, relearn.recentFeedback(10).size(), "the forgotten session's event left");
      relearn.forgetAll();
      assertEquals(LearnedValues.NEUTRAL, learnedInSearch(relearn, "rotate keys", id));
      assertEquals(0, ratedSamples(relearn), "forgetting all resets what ratings taught");
      assertEquals(List.of(), relearn.recentFeedback(10));
    }
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertEquals(0, relearn.feedbackStats().ledgerEvents());
      assertEquals(LearnedValues.NEUTRAL, learnedInSearch(relearn, "rotate keys", id));
      assertEquals(0, ratedSamples(relearn));
      assertEquals(List.of(), relearn.recentFeedback(10), "emptied on disk too");
      assertEquals(ids(relearn.search(SearchRequest.of("rotate keys")
          .withMode(SearchMode.HYBRID))), ids(relearn.search(learned)), "learned = hybrid again");
    }
  }

  private static long ratedSamples(Relearn relearn) {
    return relearn.weights().allStats().values().stream().mapToLong(ClassStats::samples).sum();
  }

  private static List<String> ids(SearchResults results) {
    return results.hits().stream().map(Hit::chunkId).toList();
  }

  @Test
  void reindexingAChangedChunkCarriesItsLearnedValues() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = top(relearn, "rotate keys");
      relearn.feedback(FeedbackRequest.of("rotate", List.of(id)).withOutcome(Outcome.SUCCESS)
          .withIds("alice", null));
      LearnedValues before = relearn.feedbackStore().learned(id);
      Files.writeString(docs.resolve("keys.md"), Files.readString(docs.resolve("keys.md"))
          .replace("every 90 days", "every 30 days"));
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String newId = top(relearn, "rotate keys");
      assertNotEquals(id, newId, "content-hash ids change with the content");
      assertEquals(before, learnedInSearch(relearn, "rotate keys", newId));
      assertEquals(before, relearn.feedbackStore().learned(newId));
    }
  }

  @Test
  void aSessionThatUsesAChunkEveryTimeRaisesIt() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = top(relearn, "rotate keys");
      for (int i = 0; i < 12; i++) { // an agent's session, using the same chunk again and again
        relearn.feedback(FeedbackRequest.of("rotate the signing keys", List.of(id))
            .withIds("agent", null));
      }
      ExplainedResults explained = relearn.explain(SearchRequest.of("rotate the signing keys"));
      int rank = explained.results().hits().stream().map(hit -> hit.chunkId()).toList()
          .indexOf(id);
      var why = explained.explanations().get(rank);
      assertEquals(1.0, Explained.clickRate(why), 1e-9, "used every time it was shown: " + why);
      assertTrue(Explained.feature(why, "boost").getValue().doubleValue() > 0,
          "the capped session still vouches for it: " + why);
    }
  }

  /** Indexes the docs and records that alice used the top chunk for keys; returns its id. */
  private String indexAndUseTheKeysChunk(Relearn relearn) throws Exception {
    relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    String id = top(relearn, "rotate keys");
    relearn.feedback(FeedbackRequest.of("rotate the signing keys", List.of(id))
        .withOutcome(Outcome.SUCCESS).withIds("alice", null));
    return id;
  }

  @Test
  void renamingAFileCarriesItsChunksFeedback() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      String id = indexAndUseTheKeysChunk(relearn);
      LearnedValues before = relearn.feedbackStore().learned(id);
      Path file = docs.resolve(id.substring(id.indexOf('/') + 1, id.indexOf('#')));
      Files.move(file, file.resolveSibling("renamed-" + file.getFileName()));
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String newId = top(relearn, "rotate keys");
      assertTrue(newId.contains("/renamed-"), newId);
      assertEquals(before, learnedInSearch(relearn, "rotate keys", newId));
      float[] query = relearn.embedder().embedQuery("rotate the signing keys");
      assertTrue(relearn.feedbackStore().similar(query, 0.9f, 5).get(0).chunks()
          .containsKey(newId), "similar past queries vouch for the renamed chunk");
    }
  }

  @Test
  void similarQueriesCountEvidenceForTheRenamedChunk() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      String id = indexAndUseTheKeysChunk(relearn);
      Files.writeString(docs.resolve("keys.md"), Files.readString(docs.resolve("keys.md"))
          .replace("every 90 days", "every 30 days"));
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String newId = top(relearn, "rotate keys");
      assertNotEquals(id, newId);
      float[] query = relearn.embedder().embedQuery("rotate the signing keys");
      Map<String, ChunkEvidence> chunks =
          relearn.feedbackStore().similar(query, 0.9f, 5).get(0).chunks();
      assertTrue(chunks.containsKey(newId), chunks.toString());
      assertFalse(chunks.containsKey(id), "the old id is gone from the evidence: " + chunks);
      assertTrue(chunks.get(newId).successes() > 0, chunks.toString());
    }
    try (Relearn reopened = Relearn.open(tmp.resolve("idx"), hashing)) {
      float[] query = reopened.embedder().embedQuery("rotate the signing keys");
      String newId = top(reopened, "rotate keys");
      assertTrue(reopened.feedbackStore().similar(query, 0.9f, 5).get(0).chunks()
          .containsKey(newId), "renames are read back on open");
    }
  }

  @Test
  void protectedQueryVectorsStillFindSimilarQueries() throws Exception {
    RelearnOptions protectedOptions = hashing.withProtectedQueryVectors(true);
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), protectedOptions)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      String id = top(relearn, "rotate keys");
      relearn.feedback(FeedbackRequest.of("rotate the signing keys", List.of(id)));
      assertTrue(Files.exists(tmp.resolve("idx").resolve(Relearn.FEEDBACK_FOLDER)
          .resolve(VectorProtection.SECRET_FILE)));
      assertEquals(1, relearn.feedbackStore()
          .similar(relearn.embedder().embedQuery("rotate the signing keys"), 0.9f, 5).size());
    }
    try (Relearn reopened = Relearn.open(tmp.resolve("idx"), hashing)) {
      assertEquals(1, reopened.feedbackStore().similar(reopened.embedder()
          .embedQuery("rotate the signing keys"), 0.9f, 5).size(), "once on, stays on");
    }
  }

  @Test
  void readOnlyEnginesRefuseFeedback() throws Exception {
    try (Relearn relearn = Relearn.open(tmp.resolve("idx"), hashing)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    }
    try (Relearn reader = Relearn.open(tmp.resolve("idx"), hashing.withReadOnly(true))) {
      assertThrows(IllegalStateException.class,
          () -> reader.feedback(FeedbackRequest.of("q", List.of("x"))));
    }
  }

  @Test
  void badRequestsAreRefusedWhenBuiltNamingTheValueButNotTheQuery() {
    String longQuery = "secret ".repeat(SearchRequest.MAX_QUERY_CHARS / 7 + 1);
    IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
        () -> FeedbackRequest.of(longQuery, List.of("docs/keys.md#1")));
    assertEquals("feedback query is " + longQuery.length() + " characters long; the limit is "
        + SearchRequest.MAX_QUERY_CHARS, tooLong.getMessage());
    assertEquals("used", assertThrows(NullPointerException.class,
        () -> FeedbackRequest.of("q", null)).getMessage());
    assertEquals("used must not contain null, got: [a, null]",
        assertThrows(IllegalArgumentException.class,
            () -> FeedbackRequest.of("q", Arrays.asList("a", null))).getMessage());
    List<String> many = java.util.stream.IntStream.rangeClosed(0, FeedbackRequest.MAX_USED)
        .mapToObj(i -> "docs/keys.md#" + i).toList();
    assertEquals("used must name 1 to 100 chunk ids, got: 101", assertThrows(
        IllegalArgumentException.class, () -> FeedbackRequest.of("q", many)).getMessage());
    assertEquals("used must name 1 to 100 chunk ids, got: 0", assertThrows(
        IllegalArgumentException.class, () -> FeedbackRequest.of("q", List.of())).getMessage());
    String longId = "x".repeat(FeedbackRequest.MAX_ID_CHARS + 1);
    assertEquals("a used chunk id is 10001 characters long; the limit is 10000: "
        + "x".repeat(40) + "…", assertThrows(IllegalArgumentException.class,
            () -> FeedbackRequest.of("q", List.of(longId))).getMessage());
  }
}
