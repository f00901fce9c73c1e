package dev.relearn.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.IndexMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The index a client creates is the plugin's chunk index (its test resource, which the plugin's
 * ChunkIndexFileTest keeps equal to ChunkIndexDefinition) plus the client's unindexed object and
 * model record.
 */
class ClusterIndexDefinitionTest {
  private static final Path PLUGIN_INDEX = Path.of("..", "opensearch-plugin", "src", "test",
      "resources", "dev", "relearn", "opensearch", "chunks-index.json");

  @Test
  void holdsThePluginsMappingsAndSimilarity() throws Exception {
    JsonNode plugin = ClusterHttp.JSON.readTree(Files.readString(PLUGIN_INDEX));
    ObjectNode client = ClusterIndexDefinition.body(new IndexMetadata("m", 2, ChunkSchema.VERSION));
    ObjectNode properties = (ObjectNode) client.path("mappings").path("properties").deepCopy();
    properties.remove(ClusterIndexDefinition.CHUNK);
    assertEquals(plugin.path("mappings").path("properties"), properties);
    assertEquals(plugin.path("mappings").path("dynamic"), client.path("mappings").path("dynamic"));
    assertEquals(plugin.path("settings").path("index.similarity.default.type"),
        client.path("settings").path("index.similarity.default.type"));
    assertEquals(new IndexMetadata("m", 2, ChunkSchema.VERSION), ClusterIndexDefinition.model(
        ClusterHttp.JSON.createObjectNode().set("chunks", client), "chunks"));
  }

  @Test
  void refusesAnIndexWithoutAModelRecordAndBadNames() {
    assertThrows(IllegalStateException.class,
        () -> ClusterIndexDefinition.model(ClusterHttp.JSON.createObjectNode(), "chunks"));
    assertEquals("a".repeat(200), ClusterIndexDefinition.requireName("a".repeat(200)));
    for (String bad : new String[] {"", "Chunks", "_chunks", "a/b", "a b", "a".repeat(201)}) {
      assertThrows(IllegalArgumentException.class, () -> ClusterIndexDefinition.requireName(bad));
    }
  }
}
