package dev.relearn.opensearch;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.opensearch.feedback.FeedbackEventAction;
import dev.relearn.opensearch.feedback.FeedbackEventRequest;
import dev.relearn.opensearch.feedback.LearningAction;
import dev.relearn.opensearch.feedback.LearningRequest;
import dev.relearn.opensearch.feedback.Learner;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.bulk.BulkResponse;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.client.Request;
import org.opensearch.client.Response;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.common.bytes.BytesArray;
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

  /** Creates chunk index {@code index} with the plugin's mappings and bulk-indexes {@code corpus}. */
  void indexChunks(String index, SmallCorpus corpus, int shards, int replicas) {
    ChunkIndexDefinition definition = new ChunkIndexDefinition(shards, replicas,
        SmallCorpus.DIMENSION);
    prepareCreate(index).setSettings(definition.settings()).setMapping(definition.mappings())
        .get();
    ensureGreen(index);
    BulkRequestBuilder bulk = client().prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (Chunk chunk : corpus.chunks) {
      bulk.add(client().prepareIndex(index).setId(chunk.id()).setSource(corpus.source(chunk)));
    }
    BulkResponse indexed = bulk.get();
    assertFalse(indexed.buildFailureMessage(), indexed.hasFailures());
  }

  /** A feedback event, ev-1 of session s-ev-1, on chunk index "chunks" ({@link #createChunks}). */
  static final String CHUNKS_EVENT = "{\"event_id\": \"ev-1\", \"index\": \"chunks\","
      + " \"session\": \"s-ev-1\", \"vector\": [0.6, 0.8], \"shown\": [{\"id\": \"c001\","
      + " \"rank\": 1}, {\"id\": \"c002\", \"rank\": 2}], \"used\": [\"c002\"],"
      + " \"outcome\": \"success\", \"query_class\": \"keywords\"}";

  /** Creates chunk index {@code index} of 2-dimension vectors, one shard, holding c001, c002. */
  void createChunks(String index) {
    ChunkIndexDefinition chunks = new ChunkIndexDefinition(1, 0, 2);
    prepareCreate(index).setSettings(chunks.settings()).setMapping(chunks.mappings()).get();
    for (String id : List.of("c001", "c002")) {
      client().prepareIndex(index).setId(id).setSource(Map.of("id", id, "body", "chunk " + id,
          "vector", new float[] {0.8f, 0.6f})).get();
    }
    refresh(index);
  }

  /** Records {@link #CHUNKS_EVENT} as event {@code id}; whether it was new. */
  static boolean record(String id) throws Exception {
    return client().execute(FeedbackEventAction.INSTANCE, new FeedbackEventRequest(
        new BytesArray(CHUNKS_EVENT.replace("ev-1", id)))).get().recorded();
  }

  /** Records {@code events} as feedback on chunk index {@code index}, each one new. */
  static void record(String index, List<FeedbackEvent> events) throws Exception {
    for (FeedbackEvent event : events) {
      FeedbackEventRequest request = new FeedbackEventRequest(
          new BytesArray(FeedbackStream.json(event, index)));
      assertTrue(client().execute(FeedbackEventAction.INSTANCE, request).get().recorded());
    }
  }

  /** Runs {@code operation} on the learner now; how many events it learned or forgot. */
  static int learning(LearningRequest.Operation operation, String session) throws Exception {
    return client().execute(LearningAction.INSTANCE, new LearningRequest(operation, session))
        .get().events();
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
