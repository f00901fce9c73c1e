package dev.relearn.opensearch.feedback;

import dev.relearn.opensearch.search.LearnedValuesIndex;
import java.util.Collection;
import java.util.Map;
import java.util.function.Consumer;
import org.opensearch.ExceptionsHelper;
import org.opensearch.ResourceAlreadyExistsException;
import org.opensearch.action.admin.indices.create.CreateIndexRequest;
import org.opensearch.action.bulk.BulkResponse;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.support.PlainActionFuture;
import org.opensearch.cluster.metadata.MappingMetadata;
import org.opensearch.core.action.ActionListener;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.search.SearchHit;
import org.opensearch.transport.client.Client;

/**
 * relearn's own indexes, as the learner uses them: created on first use, once, however many
 * writers race to; read whole; written in bulk that must succeed.
 */
final class Indices {
  /** Documents per page of a {@link #scan}. */
  static final int PAGE = 500;
  private static final TimeValue SCROLL = TimeValue.timeValueMinutes(1);

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

  /** Creates an index beside a chunk index unless it exists (on the learner's thread only). */
  static void createBeside(Client client, String index, Map<String, Object> mappings) {
    if (!exists(client, index)) {
      create(client, index, LearnedValuesIndex.settings(), mappings);
    }
  }

  /**
   * The dimension of the relearn vector field of index {@code name}; -1 when there is no such
   * index (an alias of that name included) or field.
   */
  static int dimension(Client client, String name) {
    MappingMetadata mapping = exists(client, name)
        ? client.admin().indices().prepareGetMappings(name).get().mappings().get(name) : null;
    return mapping == null ? -1 : TransportFeedbackEventAction.dimension(mapping.sourceAsMap());
  }

  static boolean exists(Client client, String index) {
    return client.admin().indices().prepareExists(index).get().isExists();
  }

  /** Throws naming {@code what} when a bulk request failed in part. */
  static void requireDone(BulkResponse response, String what) {
    if (response.hasFailures()) {
      throw new IllegalStateException(what + " failed: " + response.buildFailureMessage());
    }
  }

  /** Every document of {@code index} (refreshed first) that {@code query} matches, if any. */
  static void scan(Client client, String index, QueryBuilder query,
      Consumer<SearchHit> consumer) {
    scan(client, index, query, new String[0], consumer);
  }

  /**
   * {@link #scan(Client, String, QueryBuilder, Consumer)} without the source fields {@code
   * excludes}; a first page that holds every match needs no scroll.
   */
  static void scan(Client client, String index, QueryBuilder query, String[] excludes,
      Consumer<SearchHit> consumer) {
    if (!exists(client, index)) {
      return;
    }
    client.admin().indices().prepareRefresh(index).get();
    SearchResponse first = client.prepareSearch(index).setQuery(query).setSize(PAGE)
        .setFetchSource(null, excludes).setTrackTotalHits(false).get();
    if (first.getHits().getHits().length < PAGE) {
      first.getHits().forEach(consumer);
      return;
    }
    SearchResponse page = client.prepareSearch(index).setQuery(query).setSize(PAGE)
        .setFetchSource(null, excludes).setScroll(SCROLL).get();
    try {
      while (page.getHits().getHits().length > 0) {
        page.getHits().forEach(consumer);
        page = client.prepareSearchScroll(page.getScrollId()).setScroll(SCROLL).get();
      }
    } finally {
      client.prepareClearScroll().addScrollId(page.getScrollId()).get();
    }
  }

  /**
   * Makes deleted events leave OpenSearch's files, as embedded's commit does: commits {@code
   * indices}, then rewrites every segment that holds a deletion (their {@code
   * expunge_deletes_allowed} is 0). OpenSearch keeps a document deleted soon after it was
   * written while a retention lease may still need it (about 30 s), so the next hourly pass
   * purges the same indices once more.
   */
  static void purge(Client client, Collection<String> indices) {
    String[] existing = indices.stream().filter(index -> exists(client, index))
        .toArray(String[]::new);
    if (existing.length > 0) {
      client.admin().indices().prepareFlush(existing).setForce(true).get();
      client.admin().indices().prepareForceMerge(existing).setOnlyExpungeDeletes(true).get();
    }
  }
}
