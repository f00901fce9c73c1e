package dev.relearn.opensearch;

import java.io.InputStream;
import java.util.Map;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.test.OpenSearchTestCase;

/**
 * The real-node test's index (chunks-index.json beside this class, sent with curl) is {@link
 * ChunkIndexDefinition}'s for 1 shard, 0 replicas and 2 dimensions: the two cannot drift apart.
 */
public class ChunkIndexFileTest extends OpenSearchTestCase {
  public void testTheRealNodeIndexIsTheDefinition() throws Exception {
    Map<String, Object> file;
    try (InputStream in = ChunkIndexFileTest.class.getResourceAsStream("chunks-index.json")) {
      file = XContentHelper.convertToMap(JsonXContent.jsonXContent, in, false);
    }
    ChunkIndexDefinition definition = new ChunkIndexDefinition(1, 0, 2);
    assertEquals(definition.settings(), file.get("settings"));
    assertEquals(definition.mappings(), file.get("mappings"));
  }
}
