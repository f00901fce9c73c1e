package dev.relearn.opensearch;

import dev.relearn.opensearch.feedback.Learner;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.opensearch.client.Request;
import org.opensearch.client.Response;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.plugins.Plugin;
import org.opensearch.test.OpenSearchIntegTestCase;
import org.opensearch.transport.Netty4ModulePlugin;

/**
 * An in-JVM cluster of nodes with the plugin and real HTTP, whose learner passes only when a test
 * asks ({@code relearn.learner.interval} 0), so that what a test sees is what it recorded.
 */
public abstract class RelearnClusterCase extends OpenSearchIntegTestCase {
  @Override
  protected Collection<Class<? extends Plugin>> nodePlugins() {
    return List.of(RelearnPlugin.class, Netty4ModulePlugin.class);
  }

  @Override
  protected Settings nodeSettings(int nodeOrdinal) {
    return Settings.builder().put(super.nodeSettings(nodeOrdinal))
        .put(Learner.INTERVAL.getKey(), "0").build();
  }

  @Override
  protected boolean addMockHttpTransport() {
    return false; // real HTTP, for the REST endpoints
  }

  /** {@code POST path} with a JSON body; the JSON answer. */
  static Map<String, Object> post(String path, String json) throws IOException {
    Request post = new Request("POST", path);
    post.setJsonEntity(json);
    Response response = getRestClient().performRequest(post);
    try (InputStream in = response.getEntity().getContent()) {
      return XContentHelper.convertToMap(JsonXContent.jsonXContent, in, false);
    }
  }
}
