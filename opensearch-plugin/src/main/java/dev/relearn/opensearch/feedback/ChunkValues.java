package dev.relearn.opensearch.feedback;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.transport.client.Client;

/**
 * The learned values of each chunk index's chunks ({@link LearnedValuesIndex}), kept as embedded
 * keeps them: {@link ChunkAggregates} of every learned event, so per-session caps, budgets and the
 * last use are embedded's whatever the order. They are held in memory on the learning node, read
 * once from the learned events (at the first pass, after a forget, on a newly elected node), then
 * each new event is added: a pass costs what its events name, not every event that named the
 * same chunks before. Not thread-safe: the {@link Learner}'s thread only.
 */
final class ChunkValues {
  private final Client client;
  private final EventEvidence evidence;
  private final Map<String, ChunkAggregates> byIndex = new HashMap<>(); // by chunk index

  ChunkValues(Client client, EventEvidence evidence) {
    this.client = client;
    this.evidence = evidence;
  }

  /**
   * Adds {@code events} of {@code index}, which no pass has marked learned yet, and stores the
   * values they change. Unless they end up marked learned, the caller must {@link #forget()}, so
   * that what is held is read again from the events marked learned and a retry counts them once.
   */
  void learn(String index, List<FeedbackEvent> events) {
    ChunkAggregates aggregates = aggregates(index);
    Map<String, LearnedValues> changed = new LinkedHashMap<>();
    events.forEach(event -> changed.putAll(aggregates.add(event, evidence)));
    store(index, changed);
  }

  /**
   * After events of {@code index} were deleted: reads its learned events again, and stores the
   * values of {@code chunkIds}, the chunks the deleted events named.
   */
  void recount(String index, Set<String> chunkIds) {
    byIndex.remove(index);
    ChunkAggregates aggregates = aggregates(index);
    Map<String, LearnedValues> values = new LinkedHashMap<>();
    chunkIds.forEach(id -> values.put(id, aggregates.get(id)));
    store(index, values);
  }

  /** Drops what is held, as when another node may have learned meanwhile. */
  void forget() {
    byIndex.clear();
  }

  private ChunkAggregates aggregates(String index) {
    ChunkAggregates held = byIndex.get(index);
    if (held == null) {
      ChunkAggregates read = new ChunkAggregates();
      Indices.scan(client, FeedbackEvents.INDEX, QueryBuilders.boolQuery()
              .filter(QueryBuilders.termQuery("index", index))
              .filter(QueryBuilders.termQuery(FeedbackEvents.LEARNED, true)),
          FeedbackEvents.WITHOUT_VECTOR,
          hit -> read.add(FeedbackEvents.event(hit.getSourceAsMap()), evidence));
      byIndex.put(index, read);
      held = read;
    }
    return held;
  }

  /** Stores {@code values}; a chunk left neutral loses its document. */
  private void store(String index, Map<String, LearnedValues> values) {
    if (values.isEmpty()) {
      return;
    }
    String name = LearnedValuesIndex.of(index);
    Indices.createBeside(client, name, LearnedValuesIndex.mappings());
    BulkRequestBuilder bulk = client.prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    values.forEach((id, value) -> {
      if (value.equals(LearnedValues.NEUTRAL)) {
        bulk.add(client.prepareDelete(name, id));
      } else {
        bulk.add(client.prepareIndex(name).setId(id).setSource(LearnedValuesIndex.source(value)));
      }
    });
    Indices.requireDone(bulk.get(), "updating learned values");
  }
}
