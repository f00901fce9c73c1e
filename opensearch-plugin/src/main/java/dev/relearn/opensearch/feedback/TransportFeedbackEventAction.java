package dev.relearn.opensearch.feedback;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.opensearch.search.ChunkIndexName;
import java.util.List;
import java.util.Map;
import org.opensearch.ExceptionsHelper;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.metadata.Metadata;
import org.opensearch.action.DocWriteRequest;
import org.opensearch.action.index.IndexRequest;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.HandledTransportAction;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.core.action.ActionListener;
import org.opensearch.index.engine.VersionConflictEngineException;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.tasks.Task;
import org.opensearch.transport.TransportService;
import org.opensearch.transport.client.Client;

/**
 * Records a feedback event in {@value FeedbackEvents#INDEX}, creating the index on first use,
 * once its vector has the dimension of its chunk index's (so that no event stalls learning) and
 * the chunk index holds one of its used chunks (so that no stray id gets learned values):
 * indexed with the event id as document id, {@code op_type} create, so that a retry of an
 * acknowledged event finds it there and answers {@code duplicate}. Acknowledged once the write is
 * durable on the primary and its replicas that are in sync.
 */
public final class TransportFeedbackEventAction
    extends HandledTransportAction<FeedbackEventRequest, FeedbackEventResponse> {
  private final Client client;
  private final ClusterService clusterService;

  /** Made by the node's injector. */
  @Inject
  public TransportFeedbackEventAction(TransportService transportService, ActionFilters filters,
      Client client, ClusterService clusterService) {
    super(FeedbackEventAction.NAME, transportService, filters, FeedbackEventRequest::new);
    this.client = client;
    this.clusterService = clusterService;
  }

  @Override
  protected void doExecute(Task task, FeedbackEventRequest request,
      ActionListener<FeedbackEventResponse> listener) {
    Map<String, Object> event = request.event();
    Metadata metadata = clusterService.state().metadata();
    IndexMetadata chunks = metadata.index(ChunkIndexName.requireOne(metadata,
        (String) event.get("index"))); // else a 400: its learned indexes would bear that name
    int dimension = chunks == null || chunks.mapping() == null ? -1
        : dimension(chunks.mapping().sourceAsMap());
    if (dimension != ((List<?>) event.get("vector")).size()) { // else it would stall learning
      listener.onFailure(new IllegalArgumentException(chunks == null
          ? "[index] names no index: " + event.get("index")
          : dimension < 0 ? "[index] is not a relearn chunk index: " + event.get("index")
          : "[vector] has " + ((List<?>) event.get("vector")).size() + " dimensions, the chunk"
              + " index " + dimension));
      return;
    }
    String[] used = ((List<?>) event.get("used")).toArray(String[]::new);
    client.prepareSearch(chunks.getIndex().getName()).setSize(0).setTrackTotalHits(true)
        .setQuery(QueryBuilders.idsQuery().addIds(used)).execute(ActionListener.wrap(found -> {
          if (found.getHits().getTotalHits().value() == 0) { // ids not quoted: they may be text
            listener.onFailure(new IllegalArgumentException("none of the [used] chunk ids is in"
                + " the index " + event.get("index")));
          } else if (clusterService.state().metadata().hasIndex(FeedbackEvents.INDEX)) {
            record(request, listener);
          } else {
            Indices.create(client, FeedbackEvents.INDEX, FeedbackEvents.settings(),
                FeedbackEvents.mappings(), ActionListener.wrap(
                    created -> record(request, listener), listener::onFailure));
          }
        }, listener::onFailure));
  }

  /** The dimension of a chunk index's vector field, or -1 when it has none. */
  static int dimension(Map<String, Object> mapping) {
    return mapping.get("properties") instanceof Map<?, ?> fields
        && fields.get(ChunkSchema.VECTOR) instanceof Map<?, ?> vector
        && vector.get("dimension") instanceof Number dimension ? dimension.intValue() : -1;
  }

  private void record(FeedbackEventRequest request,
      ActionListener<FeedbackEventResponse> listener) {
    IndexRequest index = new IndexRequest(FeedbackEvents.INDEX)
        .id(FeedbackEvents.documentId((String) request.event().get("index"), request.eventId()))
        .opType(DocWriteRequest.OpType.CREATE).source(FeedbackEvents.stored(request.event()));
    client.index(index, ActionListener.wrap(
        done -> listener.onResponse(new FeedbackEventResponse(request.eventId(), true)),
        failure -> {
          if (ExceptionsHelper.unwrapCause(failure) instanceof VersionConflictEngineException) {
            listener.onResponse(new FeedbackEventResponse(request.eventId(), false));
          } else {
            listener.onFailure(failure);
          }
        }));
  }
}
