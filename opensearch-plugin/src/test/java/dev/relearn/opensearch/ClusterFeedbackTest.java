package dev.relearn.opensearch;

import dev.relearn.opensearch.feedback.FeedbackEvents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.opensearch.client.Request;
import org.opensearch.client.Response;
import org.opensearch.client.ResponseListener;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.opensearch.action.admin.cluster.health.ClusterHealthAction;
import org.opensearch.action.support.ActiveShardCount;
import org.opensearch.action.support.WriteRequest;
import dev.relearn.opensearch.feedback.FeedbackEventAction;
import dev.relearn.opensearch.feedback.FeedbackEventRequest;
import dev.relearn.opensearch.feedback.LearningAction;
import dev.relearn.opensearch.feedback.LearningRequest;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.opensearch.core.common.bytes.BytesArray;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.test.InternalTestCluster;
import static org.opensearch.test.hamcrest.OpenSearchAssertions.assertAcked;
import org.opensearch.transport.client.Client;
import org.opensearch.cluster.ClusterState;
import org.opensearch.client.ResponseException;
import org.opensearch.common.settings.Settings;
import org.junit.Before;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * {@code POST /_relearn/feedback} on a 2-node cluster: an event is recorded once however often it
 * is sent, in a replicated system index, and an event carrying anything but vectors and ids (query
 * text, say), or a vector unlike its chunk index's, is refused without being echoed. A data
 * node stopped during a stream of events loses none that were acknowledged, and each is learned
 * once after the cluster recovers, as after a learning pass that failed half-way. A search that
 * comes while the learned-values index's shard starts waits for it.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 2, numClientNodes = 0)
public class ClusterFeedbackTest extends RelearnClusterCase {
  private static final String FEEDBACK = "/_relearn/feedback";
  private static final String EVENT = "{\"event_id\": \"ev-1\", \"index\": \"chunks\","
      + " \"session\": \"5f1a\", \"vector\": [0.6, 0.8], \"shown\": [{\"id\": \"c001\","
      + " \"rank\": 1}, {\"id\": \"c002\", \"rank\": 2}], \"used\": [\"c002\"],"
      + " \"outcome\": \"success\", \"time_millis\": " + System.currentTimeMillis()
      + ", \"query_class\": \"keywords\"}";

  @Before
  public void createChunkIndex() {
    ChunkIndexDefinition chunks = new ChunkIndexDefinition(1, 1, 2); // the events' vectors
    prepareCreate("chunks").setSettings(chunks.settings()).setMapping(chunks.mappings()).get();
    for (String id : List.of("c001", "c002", "c101", "c102")) { // the chunks the events use
      client().prepareIndex("chunks").setId(id).setSource(Map.of("id", id, "body", "chunk " + id,
          "vector", new float[] {0.8f, 0.6f})).get();
    }
    refresh("chunks");
  }

  public void testAnEventIsRecordedOnceInAReplicatedIndex() throws Exception {
    assertEquals("recorded", post(FEEDBACK, EVENT).get("result"));
    assertEquals("a retry of the same event", "duplicate", post(FEEDBACK, EVENT).get("result"));
    assertEquals("recorded", post(FEEDBACK, EVENT.replace("ev-1", "ev-2")).get("result"));
    ChunkIndexDefinition others = new ChunkIndexDefinition(1, 1, 2);
    prepareCreate("others").setSettings(others.settings()).setMapping(others.mappings()).get();
    client().prepareIndex("others").setId("c002").setSource(Map.of("id", "c002", "body", "c002",
        "vector", new float[] {0.8f, 0.6f}))
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    assertEquals("an event id is the client's, per chunk index", "recorded",
        post(FEEDBACK, EVENT.replace("\"chunks\"", "\"others\"")).get("result"));

    ensureGreen(FeedbackEvents.INDEX);
    refresh(FeedbackEvents.INDEX);
    assertEquals(3, client().prepareSearch(FeedbackEvents.INDEX).setSize(0).get().getHits()
        .getTotalHits().value());
    learn();
    refresh(FeedbackEvents.INDEX);
    assertEquals("each marked learned", 0, client().prepareSearch(FeedbackEvents.INDEX)
        .setQuery(QueryBuilders.termQuery("learned", false)).setSize(0).get().getHits()
        .getTotalHits().value());
    assertEquals("1", client().admin().indices().prepareGetSettings(FeedbackEvents.INDEX).get()
        .getSetting(FeedbackEvents.INDEX, "index.number_of_replicas"));
  }

  public void testAnEventWithTextIsRefusedWithoutEchoingIt() throws Exception {
    String secret = "how do I rotate the signing key";
    ResponseException refused = expectThrows(ResponseException.class,
        () -> post(FEEDBACK,
            EVENT.replace("\"index\"", "\"query\": \"" + secret + "\", \"index\"")));
    assertEquals(400, refused.getResponse().getStatusLine().getStatusCode());
    String answer = new String(refused.getResponse().getEntity().getContent().readAllBytes(),
        StandardCharsets.UTF_8);
    assertTrue(answer, answer.contains("unknown field [query]"));
    assertFalse("the refusal does not repeat the text", answer.contains(secret));
    ResponseException wrongSize = expectThrows(ResponseException.class,
        () -> post(FEEDBACK, EVENT.replace("[0.6, 0.8]", "[0.6, 0.8, 0.0]")));
    assertTrue(new String(wrongSize.getResponse().getEntity().getContent().readAllBytes(),
        StandardCharsets.UTF_8).contains(
            "[vector] has 3 dimensions, the chunk index 2"));
    ResponseException stray = expectThrows(ResponseException.class,
        () -> post(FEEDBACK, EVENT.replace("[\"c002\"]", "[\"" + secret + "\"]")));
    String strayAnswer = new String(stray.getResponse().getEntity().getContent().readAllBytes(),
        StandardCharsets.UTF_8);
    assertTrue(strayAnswer, strayAnswer.contains("none of the [used] chunk ids is in the index"
        + " chunks") && !strayAnswer.contains(secret));
    ResponseException future = expectThrows(ResponseException.class, () -> post(FEEDBACK,
        EVENT.replaceAll("\"time_millis\": \\d+", "\"time_millis\": 99999999999999")));
    assertEquals(400, future.getResponse().getStatusLine().getStatusCode());
  }

  public void testAcknowledgedEventsSurviveALostDataNode() throws Exception {
    assertTrue(record(client(), "stream-0"));
    ensureGreen(FeedbackEvents.INDEX);
    String victim = primaryHolder(); // the node whose copy takes the writes, when it may stop
    boolean primaryLost = victim.equals(primaryNode());
    String survivor = internalCluster().getDataNodeNames().stream()
        .filter(name -> !name.equals(victim)).sorted().findFirst().orElseThrow();
    Client client = internalCluster().client(survivor);
    Set<String> acknowledged = new HashSet<>(Set.of("stream-0"));

    AtomicReference<Exception> stopFailure = new AtomicReference<>();
    Thread stopper = new Thread(() -> {
      try {
        internalCluster().stopRandomNode(InternalTestCluster.nameFilter(victim));
      } catch (IOException | RuntimeException e) {
        stopFailure.set(e);
      }
    }, "relearn-test-node-stopper");
    int refused = 0;
    int afterStop = 0;
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    for (int i = 1; afterStop < 20; i++) {
      assertTrue("the node stops within 5 minutes", System.nanoTime() < deadline);
      if (i == 20) {
        stopper.start(); // the stream goes on while the node stops, and after
      }
      String id = "stream-" + i;
      try {
        record(client, id);
        acknowledged.add(id);
      } catch (ExecutionException e) {
        refused++; // not acknowledged: the client would retry it
      }
      if (i > 20 && !stopper.isAlive()) {
        afterStop++;
      }
    }
    stopper.join();
    assertNull("stopping " + victim, stopFailure.get());
    internalCluster().startDataOnlyNode();
    ensureGreen(FeedbackEvents.INDEX);
    refresh(FeedbackEvents.INDEX);

    long stored = client().prepareSearch(FeedbackEvents.INDEX)
        .setQuery(QueryBuilders.termsQuery("event_id", acknowledged))
        .setSize(0).get().getHits().getTotalHits().value();
    long all = client().prepareSearch(FeedbackEvents.INDEX).setSize(0).get().getHits()
        .getTotalHits().value();
    learn();
    LearnedValues learned = LearnedValuesIndex.read(client().prepareGet(
        LearnedValuesIndex.of("chunks"), "c002").get().getSourceAsMap());
    System.out.printf(Locale.ROOT, "feedback stream: %d acknowledged, %d refused, %d stored"
        + " (%d in all), %.1f clicks learned; the stopped node held the primary: %b%n",
        acknowledged.size(), refused, stored, all, learned.clicks(), primaryLost);
    assertEquals("every acknowledged event is stored", acknowledged.size(), stored);
    assertEquals("every stored event is learned, once (one click each, its own session)",
        all, learned.clicks(), 1e-9);
  }

  public void testAPassThatFailsHalfWayCountsItsEventsOnceWhenRetried() throws Exception {
    String event = EVENT.replace("c001", "c101").replace("c002", "c102");
    assertTrue(record(client(), event, "half-1"));
    learn();
    assertTrue(record(client(), event, "half-2"));
    writeBlock(true); // the pass stores the values it adds, then cannot mark the event learned
    try {
      expectThrows(ExecutionException.class, ClusterFeedbackTest::learn);
    } finally {
      writeBlock(false);
    }
    learn(); // the retry
    assertEquals("each event counted once", 2.0, LearnedValuesIndex.read(client()
        .prepareGet(LearnedValuesIndex.of("chunks"), "c102").get().getSourceAsMap()).clicks(),
        1e-9);
  }

  public void testASearchVectorOfTheWrongSizeOrLengthIsNamed() throws Exception {
    for (String vector : List.of("[0.6, 0.8, 0.0]", "[0.3, 0.4]")) {
      ResponseException refused = expectThrows(ResponseException.class, () -> post(
          "/chunks/_relearn/search", "{\"vector\": " + vector + ", \"terms\": {\"body\":"
              + " {\"chunk\": 1}}, \"query_class\": \"keywords\"}"));
      String answer = new String(refused.getResponse().getEntity().getContent().readAllBytes(),
          StandardCharsets.UTF_8);
      assertTrue(answer, answer.contains(vector.length() > 10
          ? "[vector] has 3 dimensions, the chunk index 2"
          : "[vector] must be a unit vector of finite numbers"));
    }
  }

  public void testASearchWaitsForTheLearnedIndexToStart() throws Exception {
    client().prepareIndex("chunks").setId("c1").setSource(Map.of("id", "c1",
        "body", "brass reading lamp", "vector", new float[] {0.6f, 0.8f}))
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    String learned = LearnedValuesIndex.of("chunks");
    String nowhere = "index.routing.allocation.include._name";
    prepareCreate(learned).setSettings(Settings.builder().put("index.number_of_shards", 1)
        .put("index.number_of_replicas", 0).put(nowhere, "no-such-node"))
        .setMapping(LearnedValuesIndex.mappings()).setWaitForActiveShards(ActiveShardCount.NONE)
        .get(); // as the learner has just created it: its primary shard not started yet
    Request post = new Request("POST", "/chunks/_relearn/search");
    post.setJsonEntity("{\"vector\": [0.6, 0.8], \"terms\": {\"body\": {\"lamp\": 1}},"
        + " \"query_class\": \"keywords\", \"k\": 1}");
    CompletableFuture<String> search = new CompletableFuture<>();
    getRestClient().performRequestAsync(post, new ResponseListener() {
      @Override
      public void onSuccess(Response response) {
        try {
          search.complete(new String(response.getEntity().getContent().readAllBytes(),
              StandardCharsets.UTF_8));
        } catch (IOException e) {
          search.completeExceptionally(e);
        }
      }

      @Override
      public void onFailure(Exception e) {
        search.completeExceptionally(e);
      }
    });
    assertBusy(() -> {
      assertFalse("the search answered before the shard started: " + (search.isDone()
          && search.isCompletedExceptionally() ? search.exceptionNow() : search.getNow(null)),
          search.isDone());
      assertFalse("the search waits for the shard", client().admin().cluster()
          .prepareListTasks().setActions(ClusterHealthAction.NAME).get().getTasks().isEmpty());
    });
    client().admin().indices().prepareUpdateSettings(learned)
        .setSettings(Settings.builder().putNull(nowhere)).get();
    String answer = search.get(30, TimeUnit.SECONDS);
    assertTrue(answer, answer.contains("\"hits\":[{\"id\":\"c1\""));
  }

  public void testAChunkIndexRecreatedWithAnotherModelSearchesAndLearns() throws Exception {
    assertTrue(record(client(), "old-model"));
    learn(); // past queries of 2 dimensions
    for (int dimension : new int[] {2, 3}) { // the same model, then another
      assertAcked(client().admin().indices().prepareDelete("chunks"));
      ChunkIndexDefinition again = new ChunkIndexDefinition(1, 1, dimension);
      prepareCreate("chunks").setSettings(again.settings()).setMapping(again.mappings()).get();
      learn();
      String learned = LearnedValuesIndex.of("chunks");
      assertEquals("the same model's feedback stays, another's goes", dimension == 2,
          indexExists(learned) && client().prepareGet(learned, "c002").get().isExists());
    }
    client().prepareIndex("chunks").setId("c002").setSource(Map.of("id", "c002", "body",
        "chunk c002", "vector", new float[] {0.6f, 0.8f, 0f}))
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    assertTrue(record(client(), EVENT.replace("[0.6, 0.8]", "[0.6, 0.0, 0.8]"), "new-model"));
    learn(); // failed: the new event's past query did not fit the old index, nor did any after
    String answer = post("/chunks/_relearn/search", "{\"vector\": [0.6, 0.0, 0.8], \"terms\":"
        + " {\"body\": {\"chunk\": 1}}, \"query_class\": \"keywords\"}").toString();
    assertTrue("a learned search of the new index: " + answer, answer.contains("id=c002"));
  }

  private static void learn() throws Exception {
    client().execute(LearningAction.INSTANCE,
        new LearningRequest(LearningRequest.Operation.LEARN, null)).get();
  }

  private static void writeBlock(boolean on) {
    client().admin().indices().prepareUpdateSettings(FeedbackEvents.INDEX)
        .setSettings(Settings.builder().put("index.blocks.write", on)).get();
  }

  /** The node holding the primary of the events' shard, unless it is the cluster manager. */
  private static String primaryHolder() {
    String holder = primaryNode();
    String manager = internalCluster().getClusterManagerName();
    return holder.equals(manager) ? internalCluster().getDataNodeNames().stream()
        .filter(name -> !name.equals(manager)).sorted().findFirst().orElseThrow() : holder;
  }

  private static String primaryNode() {
    ClusterState state = internalCluster().clusterService().state();
    return state.nodes().get(state.routingTable().index(FeedbackEvents.INDEX).shard(0)
        .primaryShard().currentNodeId()).getName();
  }

  private static boolean record(Client client, String id) throws Exception {
    return record(client, EVENT, id);
  }

  /** Records {@code event} as event {@code id}, from a session of its own. */
  private static boolean record(Client client, String event, String id) throws Exception {
    return client.execute(FeedbackEventAction.INSTANCE,
        new FeedbackEventRequest(new BytesArray(event.replace("ev-1", id)
            .replace("5f1a", "session-" + id))))
        .get(30, TimeUnit.SECONDS).recorded();
  }
}
