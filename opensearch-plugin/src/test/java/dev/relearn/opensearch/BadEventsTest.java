package dev.relearn.opensearch;

import dev.relearn.opensearch.feedback.FeedbackEvents;
import dev.relearn.opensearch.feedback.LearningAction;
import dev.relearn.opensearch.feedback.LearningRequest;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.Before;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.client.ResponseException;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * Stored events the learner cannot learn (written by an earlier version, by hand, or by a node
 * whose view of a recreated chunk index was stale) are skipped, marked and logged, and the events
 * around them are learned: one bad event never stalls learning.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 1, numClientNodes = 0)
public class BadEventsTest extends RelearnClusterCase {
  @Before
  public void createChunkIndex() {
    createChunks("chunks");
  }

  public void testABadEventIsSkippedMarkedAndLoggedAndTheOthersAreLearned() throws Exception {
    assertTrue(record("ok-1"));
    Map<String, Object> good = stored("ok-1");
    Map<String, Object> wrongType = new HashMap<>(good); // an array of one, stored as its value
    wrongType.putAll(Map.of("event_id", "wrong-type", "used", "c002"));
    Map<String, Object> otherModel = new HashMap<>(good);
    otherModel.putAll(Map.of("event_id", "other-model", "vector", List.of(0.6, 0.0, 0.8)));
    for (Map<String, Object> bad : List.of(wrongType, otherModel)) {
      client().prepareIndex(FeedbackEvents.INDEX)
          .setId(FeedbackEvents.documentId("chunks", (String) bad.get("event_id")))
          .setSource(bad).setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    }
    assertTrue(record("ok-2"));

    LearningAction.Response learned = learn(); // each bad one logged at WARN, with its id
    assertEquals("the good events", 2, learned.events());
    assertEquals("the bad ones", 2, learned.skipped());
    assertEquals("both good events learned", 2.0, LearnedValuesIndex.read(client()
        .prepareGet(LearnedValuesIndex.of("chunks"), "c002").get().getSourceAsMap()).clicks(),
        1e-9);
    assertTrue(String.valueOf(stored("wrong-type").get("skipped")).contains("[used]"));
    assertTrue(String.valueOf(stored("other-model").get("skipped"))
        .contains("[vector] has 3 dimensions, the chunk index 2"));

    LearningAction.Response again = learn();
    assertEquals("a skipped event is not retried", List.of(0, 0),
        List.of(again.events(), again.skipped()));
    assertEquals("a forget deletes skipped events too", 4, client().execute(
        LearningAction.INSTANCE, new LearningRequest(LearningRequest.Operation.FORGET_ALL, null))
        .get().events());
  }

  public void testABadEventPastItsTimeToLiveIsForgottenUnread() throws Exception {
    assertTrue(record("ok-1"));
    Map<String, Object> old = new HashMap<>(stored("ok-1"));
    old.putAll(Map.of("event_id", "old", "used", "c002", "time_millis",
        System.currentTimeMillis() - 100 * 86_400_000L)); // the expiry before learning reads it
    client().prepareIndex(FeedbackEvents.INDEX).setId(FeedbackEvents.documentId("chunks", "old"))
        .setSource(old).setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    assertEquals(1, learn().events());
    assertFalse(client().prepareGet(FeedbackEvents.INDEX,
        FeedbackEvents.documentId("chunks", "old")).get().isExists());
  }

  public void testAChunkIdTheLearnedValuesCannotBeKeyedByIsRefusedOrSkipped() throws Exception {
    String tooLong = "x".repeat(LearnedValuesIndex.MAX_ID_BYTES + 1);
    for (String id : List.of(tooLong, LearnedValuesIndex.TRUST_ID)) { // failed every pass, search
      ResponseException refused = expectThrows(ResponseException.class, () -> post(
          "/_relearn/feedback", CHUNKS_EVENT.replace("ev-1", "bad").replace("c001", id)));
      assertEquals(400, refused.getResponse().getStatusLine().getStatusCode());
    }
    assertTrue(record("ok-1"));
    Map<String, Object> stored = new HashMap<>(stored("ok-1")); // as an earlier version took it
    stored.putAll(Map.of("event_id", "long-id",
        "shown", List.of(Map.of("id", tooLong, "rank", 1))));
    client().prepareIndex(FeedbackEvents.INDEX)
        .setId(FeedbackEvents.documentId("chunks", "long-id")).setSource(stored)
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    LearningAction.Response learned = learn();
    assertEquals(List.of(1, 1), List.of(learned.events(), learned.skipped()));
    assertTrue(String.valueOf(stored("long-id").get("skipped")).contains("at most 512 bytes"));
  }

  public void testFeedbackOnAnIndexWhoseLearnedIndexesCannotBeNamedIsRefused() throws Exception {
    String index = "c".repeat(250); // a valid name; not with "-past-queries" after it
    ChunkIndexDefinition chunks = new ChunkIndexDefinition(1, 0, 2);
    prepareCreate(index).setSettings(chunks.settings()).setMapping(chunks.mappings()).get();
    client().prepareIndex(index).setId("c002").setSource(Map.of("id", "c002", "body", "c002",
        "vector", new float[] {0.8f, 0.6f}))
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    ResponseException refused = expectThrows(ResponseException.class, () -> post(
        "/_relearn/feedback", CHUNKS_EVENT.replace("\"chunks\"", "\"" + index + "\"")));
    assertTrue(new String(refused.getResponse().getEntity().getContent().readAllBytes(),
        StandardCharsets.UTF_8).contains("[index] must be at most 242 bytes"));
    assertTrue(record("ok-1")); // and learning the others goes on
    assertEquals(1, learn().events());
  }

  private static LearningAction.Response learn() throws Exception {
    return client().execute(LearningAction.INSTANCE,
        new LearningRequest(LearningRequest.Operation.LEARN, null)).get();
  }

  private static Map<String, Object> stored(String id) {
    return client().prepareGet(FeedbackEvents.INDEX, FeedbackEvents.documentId("chunks", id))
        .get().getSourceAsMap();
  }
}
