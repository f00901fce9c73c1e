package dev.relearn.opensearch.feedback;

import java.util.Map;
import org.opensearch.ExceptionsHelper;
import org.opensearch.ResourceAlreadyExistsException;
import org.opensearch.action.admin.indices.create.CreateIndexRequest;
import org.opensearch.action.support.PlainActionFuture;
import org.opensearch.core.action.ActionListener;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.transport.client.Client;

/** Creates relearn's own indexes on first use, once, however many writers race to. */
final class Indices {
  private Indices() {
  }

  /** Creates the index unless it exists: one created meanwhile counts as created. */
  static void create(Client client, String index, Map<String, Object> settings,
      Map<String, Object> mappings, ActionListener<Void> listener) {
    CreateIndexRequest create = new CreateIndexRequest(index).settings(settings)
        .mapping(mappings);
    client.admin().indices().create(create, ActionListener.wrap(
        created -> listener.onResponse(null),
        failure -> {
          if (ExceptionsHelper.unwrapCause(failure) instanceof ResourceAlreadyExistsException) {
            listener.onResponse(null);
          } else {
            listener.onFailure(failure);
          }
        }));
  }

  /**
   * The same, waiting for it and for its primary shard to start (on the learner's thread only):
   * on a busy cluster, a write right after a create whose acknowledgement timed out can reach a
   * node that does not know the index yet.
   */
  static void create(Client client, String index, Map<String, Object> settings,
      Map<String, Object> mappings) {
    PlainActionFuture<Void> created = new PlainActionFuture<>();
    create(client, index, settings, mappings, created);
    created.actionGet();
    if (client.admin().cluster().prepareHealth(index).setWaitForYellowStatus()
        .setTimeout(TimeValue.timeValueMinutes(1)).get().isTimedOut()) {
      throw new IllegalStateException("the primary shard of [" + index + "] did not start"
          + " within a minute");
    }
  }
}
