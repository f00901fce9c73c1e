package dev.relearn.opensearch;

import dev.relearn.opensearch.feedback.FeedbackEvents;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.opensearch.client.Request;
import org.opensearch.client.Response;
import org.opensearch.client.ResponseException;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.plugins.Plugin;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;
import org.opensearch.transport.Netty4ModulePlugin;

/**
 * {@code POST /_relearn/feedback} on a 2-node cluster: an event is recorded once however often it
 * is sent, in a replicated system index, and an event carrying anything but vectors and ids (query
 * text, say) is refused without being echoed.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 2, numClientNodes = 0)
public class ClusterFeedbackTest extends OpenSearchIntegTestCase {
  private static final String EVENT = "{\"event_id\": \"ev-1\", \"index\": \"chunks\","
      + " \"session\": \"5f1a\", \"vector\": [0.6, 0.8], \"shown\": [{\"id\": \"c001\","
      + " \"rank\": 1}, {\"id\": \"c002\", \"rank\": 2}], \"used\": [\"c002\"],"
      + " \"outcome\": \"success\", \"time_millis\": 1000, \"query_class\": \"keywords\"}";

  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(RelearnPlugin.class, Netty4ModulePlugin.class);
  }

  @Override
  protected boolean addMockHttpTransport() {
    return false;
  }

  public void testAnEventIsRecordedOnceInAReplicatedIndex() throws Exception {
    assertEquals("recorded", post(EVENT).get("result"));
    assertEquals("a retry of the same event", "duplicate", post(EVENT).get("result"));
    assertEquals("recorded", post(EVENT.replace("ev-1", "ev-2")).get("result"));

    ensureGreen(FeedbackEvents.INDEX);
    refresh(FeedbackEvents.INDEX);
    assertEquals(2, client().prepareSearch(FeedbackEvents.INDEX).setSize(0).get().getHits()
        .getTotalHits().value());
    assertEquals("1", client().admin().indices().prepareGetSettings(FeedbackEvents.INDEX).get()
        .getSetting(FeedbackEvents.INDEX, "index.number_of_replicas"));
  }

  public void testAnEventWithTextIsRefusedWithoutEchoingIt() throws Exception {
    String secret = "how do I rotate the signing key";
    ResponseException refused = expectThrows(ResponseException.class,
        () -> post(EVENT.replace("\"index\"", "\"query\": \"" + secret + "\", \"index\"")));
    assertEquals(400, refused.getResponse().getStatusLine().getStatusCode());
    String answer = new String(refused.getResponse().getEntity().getContent().readAllBytes(),
        java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(answer, answer.contains("unknown field [query]"));
    assertFalse("the refusal does not repeat the text", answer.contains(secret));
  }

  private static Map<String, Object> post(String event) throws IOException {
    Request post = new Request("POST", "/_relearn/feedback");
    post.setJsonEntity(event);
    Response response = getRestClient().performRequest(post);
    try (InputStream in = response.getEntity().getContent()) {
      return XContentHelper.convertToMap(JsonXContent.jsonXContent, in, false);
    }
  }
}
