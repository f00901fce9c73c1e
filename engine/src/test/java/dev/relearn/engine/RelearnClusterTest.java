package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.cluster.FakeCluster;
import dev.relearn.engine.search.Hit;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.weights.Weights;
import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.trust.Trust;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster façade against a stand-in cluster: indexing with {@code _bulk} into an index with
 * relearn's mappings, incrementally; learned searches shown as embedded ones; feedback recorded
 * once; forgetting; stats. No request body ever holds the query's text or the session id.
 */
class RelearnClusterTest {
  private static final String QUERY = "When must we rotate keys";
  private static final String SESSION = "alice-laptop";

  @TempDir Path tmp;
  @RegisterExtension final FakeCluster cluster = FakeCluster.started("notes");

  private RelearnCluster connect() throws Exception {
    return RelearnCluster.connect(cluster.address(), tmp.resolve("client"), TestOptions.HASHING);
  }

  @Test
  void everyOperationRunsOnTheClusterWithoutTheQueryText() throws Exception {
    Path docs = KeyDocs.write(tmp);
    try (RelearnCluster relearn = connect()) {
      IndexReport first = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertTrue(first.added() >= 3 && first.embedded() == first.added(), first.summary());
      assertTrue(cluster.requests.contains("PUT /notes"), cluster.requests.toString());
      String created = cluster.bodies.get(cluster.requests.indexOf("PUT /notes"));
      assertTrue(created.contains("\"relearn_vector\"") && created.contains("\"relearn_bm25\"")
          && created.contains("\"model\":\"hashing-384-v1\""), created);

      assertEquals(SearchMode.HYBRID, relearn.defaultMode(), "no feedback yet, as embedded");
      SearchResults results = relearn.search(SearchRequest.of(QUERY)
          .withMode(relearn.defaultMode()).withK(3));
      Hit top = results.hits().get(0);
      assertEquals(3, results.hits().size());
      assertTrue(top.path().endsWith(".md") && top.startLine() > 0 && !top.snippet().isEmpty(),
          top.toString());
      assertEquals(1, top.bm25().rank());

      FeedbackAck ack = relearn.feedback(FeedbackRequest.of(QUERY, List.of(top.chunkId(), "gone"))
          .withOutcome(Outcome.SUCCESS).withIds(SESSION, "ev-1").withShown(null, true, false));
      assertFalse(ack.duplicate());
      assertEquals(List.of("gone"), ack.unknownIds());
      assertEquals(SearchMode.LEARNED, relearn.defaultMode());
      assertEquals(new LearnedValues(1, 1, 1, 0, 7), relearn.search(SearchRequest.of(QUERY)
          .withMode(SearchMode.LEARNED)).hits().get(0).learned(), "as the cluster holds them");
      assertTrue(assertThrows(IllegalArgumentException.class, () -> relearn.feedback(
          FeedbackRequest.of(QUERY, List.of("gone")))).getMessage().startsWith(
              "none of the used chunk ids is in the index: 'gone';"), "as embedded");
      assertTrue(relearn.feedback(FeedbackRequest.of(QUERY, List.of(top.chunkId()))
          .withIds(SESSION, "ev-1")).duplicate());
      RelearnOperations operations = relearn; // what a batch evaluation calls
      operations.awaitLearning();
      assertEquals("POST /_relearn/learn?refit=when_due", cluster.requests.getLast(),
          "the trust is refit when due, as embedded");
      operations.learnNow();
      assertEquals("POST /_relearn/learn", cluster.requests.getLast());
      relearn.search(SearchRequest.of(QUERY).withMode(SearchMode.HYBRID));
      assertTrue(cluster.bodies.get(cluster.requests.lastIndexOf("POST /notes/_relearn/search"))
          .contains("\"mode\":\"hybrid\""), cluster.bodies.toString());
      assertEquals(1, relearn.forgetSession(SESSION));
    }
    String feedback = cluster.bodies.get(cluster.requests.indexOf("POST /_relearn/feedback"));
    assertTrue(feedback.contains("\"vector\":[") && feedback.contains("\"query_class\":")
        && feedback.contains("\"shown\":[{\"id\":")
        && feedback.contains("\"signal\":\"very_strong\""), feedback);
    String forget = cluster.bodies.get(cluster.requests.indexOf("POST /_relearn/forget"));
    assertTrue(forget.matches("\\{\"session\":\"[0-9a-f]{32}\"}"), forget);
    for (int i = 0; i < cluster.bodies.size(); i++) {
      String body = cluster.bodies.get(i).toLowerCase(Locale.ROOT);
      String request = cluster.requests.get(i);
      assertFalse(body.contains(QUERY.toLowerCase(Locale.ROOT)), request + ": " + body);
      assertFalse(body.contains("rotate keys") || body.contains("must we"),
          "no run of the query's words: " + request + ": " + body);
      assertFalse(body.contains(SESSION), "the session only hashed: " + request + ": " + body);
    }
  }

  @Test
  void ratingsMoveTheClassWeightsOnTheClusterAndForgettingAllResetsThem() throws Exception {
    try (RelearnCluster relearn = connect()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      String second = relearn.search(SearchRequest.of(QUERY).withK(2)).hits().get(1).chunkId();
      Weights start = relearn.explain(SearchRequest.of(QUERY)).weights();
      for (int i = 0; i < 5; i++) { // a class's weights move from its fifth rating on
        relearn.feedback(FeedbackRequest.of(QUERY, List.of(second))
            .withRating(Rating.thumbs(true), null).withIds(SESSION + i, "rated-" + i));
      }
      Weights rated = relearn.explain(SearchRequest.of(QUERY)).weights();
      assertNotEquals(start, rated, "the second hit's stronger bm25 share gains weight");
      assertTrue(rated.bm25() > start.bm25(), rated.toString());
      assertTrue(cluster.requests.contains("PUT /notes-learned/_doc/relearn.weights?op_type=create"),
          cluster.requests.toString());
      QueryClass queryClass = Relearn.queryClass(QUERY);
      assertEquals(rated, relearn.weights().weights(queryClass), "what `weights` shows");
      assertEquals(5, relearn.weights().allStats().get(queryClass).samples());
      assertEquals(TrustState.EMPTY, relearn.trust(), "the cluster fit no trust");
      cluster.trust = "{\"trust\": {\"fitted\": true, \"strength\": 0.25, \"coefficient\": 1.5,"
          + " \"gain\": 12.0, \"pairs\": 48.0, \"queries\": 30}}";
      assertEquals(new Trust(true, 0.25, 1.5, 12, 48, 30), relearn.trust().current());
      cluster.trust = null;
      relearn.resetWeights(queryClass);
      assertEquals(start, relearn.explain(SearchRequest.of(QUERY)).weights());
      assertEquals(0, relearn.weights().allStats().get(queryClass).samples());

      Path ratings = Files.writeString(tmp.resolve("ratings.csv"),
          "question,1,0.2,0.9,0.4\n".repeat(6));
      assertEquals(6, relearn.seedWeights(ratings));
      assertEquals(6, relearn.weights().allStats().get(QueryClass.QUESTION).samples());
      relearn.forgetAll();
      assertEquals(start, relearn.explain(SearchRequest.of(QUERY)).weights());
      assertEquals(0, relearn.weights().allStats().get(QueryClass.QUESTION).samples());
    }
  }

  @Test
  void aRatingSentAgainThroughAnotherClientCountsOnce() throws Exception {
    try (RelearnCluster one = connect(); RelearnCluster two = RelearnCluster.connect(
        cluster.address(), tmp.resolve("other-client"), TestOptions.HASHING)) {
      one.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      String second = one.search(SearchRequest.of(QUERY)).hits().get(1).chunkId();
      for (RelearnCluster client : List.of(one, two)) { // each with a secret of its own
        client.feedback(FeedbackRequest.of(QUERY, List.of(second))
            .withRating(Rating.thumbs(true), null).withIds(SESSION, "rated-once"));
      }
      assertEquals(1, two.weights().allStats().get(Relearn.queryClass(QUERY)).samples());
    }
  }

  @Test
  void seedingWeightsBeforeTheClusterLearnedAnythingSaysSo() throws Exception {
    try (RelearnCluster relearn = connect()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      Path ratings = Files.writeString(tmp.resolve("ratings.csv"), "question,1,0.2,0.9,0.4\n");
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> relearn.seedWeights(ratings));
      assertTrue(e.getMessage().contains("has learned no feedback of this index yet, so"
          + " notes-learned does not exist"), e.getMessage());
      relearn.resetWeights(QueryClass.QUESTION); // nothing rated: nothing to forget, no error
    }
  }

  @Test
  void aPluginBeforeSignalsTakesTheEventWithoutThem() throws Exception {
    cluster.refusesSignal = true;
    try (RelearnCluster relearn = connect()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      String top = relearn.search(SearchRequest.of(QUERY)).hits().get(0).chunkId();
      FeedbackAck ack = relearn.feedback(FeedbackRequest.of(QUERY, List.of(top))
          .withIds(null, "ev-2").withShown(List.of(), false, false));
      assertFalse(ack.duplicate());
    }
    List<String> sent = cluster.bodies.subList(cluster.bodies.size() - 2,
        cluster.bodies.size());
    assertTrue(sent.get(0).contains("\"signal\":") && !sent.get(1).contains("\"signal\":"),
        sent.toString());
  }

  @Test
  void reindexingWritesOnlyWhatChangedAndDeletesWhatIsGone() throws Exception {
    Path docs = KeyDocs.write(tmp);
    try (RelearnCluster relearn = connect()) {
      IndexReport first = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      int bulks = (int) cluster.requests.stream().filter(r -> r.startsWith("POST /_bulk")).count();
      IndexReport again = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(first.chunks(), again.unchanged(), again.summary());
      assertEquals(0, again.embedded());
      assertEquals(bulks, cluster.requests.stream().filter(r -> r.startsWith("POST /_bulk"))
          .count(), "nothing written: " + cluster.requests);

      Files.delete(docs.resolve("cache.md"));
      Files.writeString(docs.resolve("keys.md"), "# Keys\n## Rotate\nRotate signing keys every 30"
          + " days.\n## Revoke\nRevoke a leaked key at once.\n");
      IndexReport changed = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      // the changed section's chunk gets a new id: cache.md's chunk and its old one go
      assertEquals(2, changed.deleted(), changed.summary());
      assertEquals(1, changed.added() + changed.updated(), changed.summary());
      assertEquals(1, changed.embedded(), changed.summary());
      assertTrue(cluster.requests.get(cluster.requests.size() - 1)
          .equals("POST /_bulk?refresh=wait_for"), cluster.requests.toString());

      IndexStats stats = relearn.stats();
      assertEquals(changed.chunks(), stats.chunks());
      assertEquals(cluster.address().toString(), stats.directory());
      assertEquals("hashing-384-v1", stats.modelId());
      assertEquals(1, stats.origins());
      assertEquals(1234L, stats.sizeBytes());
    }
  }

  @Test
  void aSearchOfTheIndexThatAShardFailedToAnswerIsAnErrorNotAShortList() throws Exception {
    Path docs = KeyDocs.write(tmp);
    try (RelearnCluster relearn = connect()) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      cluster.failedShards = 1; // its chunks' hashes missing: they would look new, gone ones stay
      Files.delete(docs.resolve("cache.md"));
      IOException reindex = assertThrows(IOException.class,
          () -> relearn.index(docs, SourceFormat.AUTO, Progress.NONE));
      assertTrue(reindex.getMessage().contains("1 of 3 shards of cluster index notes failed"),
          reindex.getMessage());
      assertThrows(IOException.class, relearn::stats); // not a count short of a shard's chunks
    }
  }

  @Test
  void aRenamedFileKeepsItsStoredVectorsInsteadOfBeingEmbeddedAgain() throws Exception {
    Path docs = KeyDocs.write(tmp);
    try (RelearnCluster relearn = connect()) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      Files.move(docs.resolve("cache.md"), docs.resolve("vectors.md"));
      Files.writeString(docs.resolve("new.md"), "# New\nA section nobody has seen.\n");
      IndexReport renamed = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(2, renamed.added(), renamed.summary());
      assertEquals(1, renamed.deleted(), renamed.summary());
      assertEquals(1, renamed.reusedVectors(), renamed.summary());
      assertEquals(1, renamed.embedded(), renamed.summary());
      assertTrue(cluster.requests.contains("POST /notes/_mget?_source_includes=vector"),
          cluster.requests.toString());
    }
  }

  @Test
  void refusesWhatTheClusterCannotRankAndAnotherModel() throws Exception {
    try (RelearnCluster relearn = connect()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
      assertThrows(IllegalArgumentException.class, () -> relearn.search(SearchRequest.of(QUERY)
          .withMode(SearchMode.LEARNED).withFusion(Fusion.rrf(60))));
    }
    IllegalStateException other = assertThrows(IllegalStateException.class,
        () -> RelearnCluster.connect(cluster.address(), tmp.resolve("client"),
            TestOptions.HASHING.withModel(ModelChoice.BGE_SMALL)));
    assertTrue(other.getMessage().contains("hashing-384-v1"), other.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RelearnCluster.connect(
        URI.create("http://127.0.0.1:1/Not_An_Index"), tmp, TestOptions.HASHING));
  }

  @Test
  void closingOrAFailedConnectStopsTheHttpClient() throws Exception {
    Set<Thread> before = httpClientThreads();
    try (RelearnCluster relearn = connect()) {
      relearn.index(KeyDocs.write(tmp), SourceFormat.AUTO, Progress.NONE);
    }
    assertThrows(IllegalStateException.class, () -> RelearnCluster.connect(cluster.address(),
        tmp.resolve("client"), TestOptions.HASHING.withModel(ModelChoice.BGE_SMALL)));
    for (Thread started : httpClientThreads()) {
      if (!before.contains(started)) {
        started.join(60_000); // close waits for it; a lingering one waited for the GC
        assertFalse(started.isAlive(), started.getName());
      }
    }
  }

  private static Set<Thread> httpClientThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().startsWith("HttpClient-")).collect(Collectors.toSet());
  }
}
