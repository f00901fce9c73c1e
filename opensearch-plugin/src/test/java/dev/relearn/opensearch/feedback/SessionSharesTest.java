package dev.relearn.opensearch.feedback;

import dev.relearn.opensearch.ChunkIndexDefinition;
import dev.relearn.opensearch.RelearnClusterCase;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import dev.relearn.opensearch.search.PastQueriesIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.opensearch.core.common.bytes.BytesArray;
import org.opensearch.search.SearchHit;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * A session's past queries carry its share of the event budget as embedded counts it: 20 / 25
 * for a session of 25 events, and 1 again once expiry leaves it 15. Events sent without a
 * session are each a session of their own, never pooled over budget.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 1, numClientNodes = 0)
public class SessionSharesTest extends RelearnClusterCase {
  private static final long DAY = 86_400_000L;

  public void testSharesFollowTheSessionsEventCount() throws Exception {
    long now = System.currentTimeMillis();
    recordAndLearn("\"session\": \"chatty\", ", now); // the first ten 80 days old
    assertEquals(List.of(20.0 / 25), shares());

    assertEquals(10, new EventLearning(client()).expire(now + 15 * DAY));
    assertEquals("15 events left: within budget again", List.of(1.0), shares());
  }

  public void testEventsWithoutASessionAreEachASessionOfTheirOwn() throws Exception {
    recordAndLearn("", System.currentTimeMillis());
    assertEquals("none pooled over budget", List.of(1.0), shares());
    assertEquals("each success counts", 25, LearnedValuesIndex.read(client()
        .prepareGet(LearnedValuesIndex.of("chunks"), "c1").get().getSourceAsMap()).successes());
  }

  /** 25 successes on chunk c1 with {@code session} (a JSON field and comma, or none); learned. */
  private void recordAndLearn(String session, long now) throws Exception {
    ChunkIndexDefinition chunks = new ChunkIndexDefinition(1, 0, 2);
    prepareCreate("chunks").setSettings(chunks.settings()).setMapping(chunks.mappings()).get();
    client().prepareIndex("chunks").setId("c1").setSource(Map.of("id", "c1", "body", "lamp",
        "vector", new float[] {0.6f, 0.8f})).setRefreshPolicy("true").get();
    for (int i = 0; i < 25; i++) { // the first ten 80 days old, the others recent
      String event = String.format(Locale.ROOT, "{\"event_id\": \"ev-%d\", \"index\": \"chunks\","
          + " %s\"vector\": [0.6, %d.0], \"shown\": [{\"id\": \"c1\", \"rank\": 1}],"
          + " \"used\": [\"c1\"], \"outcome\": \"success\", \"time_millis\": %d}",
          i, session, i, i < 10 ? now - 80 * DAY : now - i);
      assertTrue(client().execute(FeedbackEventAction.INSTANCE,
          new FeedbackEventRequest(new BytesArray(event))).get().recorded());
    }
    assertEquals(25, client().execute(LearningAction.INSTANCE,
        new LearningRequest(LearningRequest.Operation.LEARN, null)).get().events());
  }

  /** The distinct shares of the past queries, in their order. */
  private List<Double> shares() {
    refresh(PastQueriesIndex.of("chunks"));
    List<Double> out = new ArrayList<>();
    for (SearchHit hit : client().prepareSearch(PastQueriesIndex.of("chunks")).setSize(100)
        .get().getHits().getHits()) {
      double share = ((Number) hit.getSourceAsMap().get(PastQueriesIndex.SHARE)).doubleValue();
      if (!out.contains(share)) {
        out.add(share);
      }
    }
    return out;
  }
}
