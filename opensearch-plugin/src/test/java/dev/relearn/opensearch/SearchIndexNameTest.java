package dev.relearn.opensearch;

import dev.relearn.opensearch.feedback.FeedbackEventAction;
import dev.relearn.opensearch.feedback.FeedbackEventRequest;
import dev.relearn.opensearch.feedback.LearningAction;
import dev.relearn.opensearch.feedback.LearningRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.opensearch.client.ResponseException;
import org.opensearch.core.common.bytes.BytesArray;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * {@code POST /{index}/_relearn/search} searches one chunk index, whose learned-values and
 * past-queries indexes are named after it: an alias, a wildcard or a list there is refused with a
 * 400 that names it (as is feedback for it), rather than ranked with the learned indexes of a
 * name that is not an index (none, or several indexes').
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 1, numClientNodes = 0)
public class SearchIndexNameTest extends RelearnClusterCase {
  private static final String SEARCH = "{\"vector\": [0.6, 0.8], \"terms\": {\"body\":"
      + " {\"chunk\": 1}}, \"query_class\": \"keywords\", \"k\": 2}";

  public void testAnAliasAWildcardOrAListIsRefusedByName() throws Exception {
    createChunks("chunks-a");
    createChunks("chunks-b");
    client().admin().indices().prepareAliases().addAlias("chunks-a", "notes").get();
    assertTrue(client().execute(FeedbackEventAction.INSTANCE, new FeedbackEventRequest(
        new BytesArray("{\"event_id\": \"ev-1\", \"index\": \"chunks-a\", \"vector\": [0.6, 0.8],"
            + " \"shown\": [{\"id\": \"c001\", \"rank\": 1}, {\"id\": \"c002\", \"rank\": 2}],"
            + " \"used\": [\"c002\"], \"outcome\": \"success\"}"))).get().recorded());
    client().execute(LearningAction.INSTANCE,
        new LearningRequest(LearningRequest.Operation.LEARN, null)).get();
    assertTrue("the index itself", post("/chunks-a/_relearn/search", SEARCH).toString()
        .contains("clicks=1.0"));

    for (String name : List.of("notes", "chunks-*", "chunks-a,chunks-b", "_all")) {
      String answer;
      try {
        answer = "answered " + post("/" + name + "/_relearn/search", SEARCH);
      } catch (ResponseException refused) {
        assertEquals(400, refused.getResponse().getStatusLine().getStatusCode());
        answer = new String(refused.getResponse().getEntity().getContent().readAllBytes(),
            StandardCharsets.UTF_8);
      }
      assertTrue(name + ": " + answer, answer.contains("[index] must name one chunk index, not"
          + " an alias, a pattern or a list: " + name));
    }
    ResponseException feedback = expectThrows(ResponseException.class, () -> post(
        "/_relearn/feedback", "{\"event_id\": \"ev-2\", \"index\": \"notes\", \"vector\":"
            + " [0.6, 0.8], \"used\": [\"c002\"]}"));
    assertTrue(new String(feedback.getResponse().getEntity().getContent().readAllBytes(),
        StandardCharsets.UTF_8).contains("[index] must name one chunk index, not an alias, a"
            + " pattern or a list: notes"));
  }
}
