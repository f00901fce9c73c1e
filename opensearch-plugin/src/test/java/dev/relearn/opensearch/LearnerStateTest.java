package dev.relearn.opensearch;

import dev.relearn.opensearch.feedback.FeedbackEventAction;
import dev.relearn.opensearch.feedback.FeedbackEventRequest;
import dev.relearn.opensearch.feedback.FeedbackEvents;
import dev.relearn.opensearch.feedback.LearningRequest;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import dev.relearn.opensearch.search.PastQueriesIndex;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.opensearch.common.settings.Settings;
import org.opensearch.core.common.bytes.BytesArray;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * What the learner holds follows the indexes it learns from: once the events or the learned
 * values are deleted by hand, the next events are counted from what remains, not added to the
 * counts of the deleted ones; past queries of another model, left beside a chunk index, are
 * replaced rather than failing every pass; a chunk index that cannot learn (its learned values
 * blocked) keeps its events for the next pass, and the others learn theirs.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 1, numClientNodes = 0)
public class LearnerStateTest extends RelearnClusterCase {
  public void testFeedbackDeletedByHandIsNotCountedAgain() throws Exception {
    createChunks("chunks");
    assertTrue(record("ev-1"));
    learning(LearningRequest.Operation.LEARN, null);
    assertEquals(1.0, clicks(), 1e-9);
    client().admin().indices().prepareDelete(FeedbackEvents.INDEX, LearnedValuesIndex.of("chunks"),
        PastQueriesIndex.of("chunks")).get(); // every trace of the feedback, by hand
    assertTrue(record("ev-2"));
    learning(LearningRequest.Operation.LEARN, null);
    assertEquals("the one event left", 1.0, clicks(), 1e-9);
  }

  public void testPastQueriesOfAnotherModelLeftBehindAreReplaced() throws Exception {
    createChunks("chunks");
    Map<String, Object> settings = Map.of("index.number_of_shards", 1,
        "index.number_of_replicas", 0);
    prepareCreate(PastQueriesIndex.of("chunks")).setSettings(settings) // as a failed cleanup left
        .setMapping(PastQueriesIndex.mappings(3)).get(); // them, of the index's former model
    assertTrue(record("ev-1"));
    assertEquals(1, learning(LearningRequest.Operation.LEARN, null));
    assertEquals(1.0, clicks(), 1e-9);
  }

  public void testAChunkIndexThatCannotLearnDoesNotStallTheOthers() throws Exception {
    createChunks("chunks");
    createChunks("others");
    assertTrue(record("ev-1"));
    learning(LearningRequest.Operation.LEARN, null);
    blockWrites(LearnedValuesIndex.of("chunks"), true); // as a full disk, or an operator, does
    try {
      assertTrue(record("ev-2"));
      assertTrue(client().execute(FeedbackEventAction.INSTANCE, new FeedbackEventRequest(
          new BytesArray(CHUNKS_EVENT.replace("\"chunks\"", "\"others\"")))).get().recorded());
      ExecutionException failed = expectThrows(ExecutionException.class,
          () -> learning(LearningRequest.Operation.LEARN, null));
      assertEquals("the other index learned", 1.0, clicks("others"), 1e-9);
      assertTrue(failed.getMessage(), failed.getMessage().contains("[chunks]"));
    } finally {
      blockWrites(LearnedValuesIndex.of("chunks"), false);
    }
    assertEquals(1, learning(LearningRequest.Operation.LEARN, null));
    assertEquals(2.0, clicks(), 1e-9);
  }

  private static void blockWrites(String index, boolean on) {
    client().admin().indices().prepareUpdateSettings(index)
        .setSettings(Settings.builder().put("index.blocks.write", on)).get();
  }

  private static double clicks() {
    return clicks("chunks");
  }

  private static double clicks(String index) {
    return LearnedValuesIndex.read(client().prepareGet(LearnedValuesIndex.of(index), "c002")
        .get().getSourceAsMap()).clicks();
  }
}
