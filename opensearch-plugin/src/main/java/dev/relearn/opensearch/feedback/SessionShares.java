package dev.relearn.opensearch.feedback;

import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.opensearch.search.PastQueriesIndex;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.search.SearchResponse;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.search.aggregations.AggregationBuilders;
import org.opensearch.search.aggregations.bucket.terms.Terms;
import org.opensearch.transport.client.Client;

/**
 * Keeps each past query's share of its session's event budget as embedded's {@link
 * SessionBudget} counts it: {@code min(1, 20 / events)} of the session's events beside the chunk
 * index. A past query is indexed with its session's share at the time; a session that goes over
 * budget, or comes back under by an expiry, has the share of every past query it sent rewritten.
 * Blocking, on the {@link Learner}'s thread.
 */
final class SessionShares {
  private static final String BY_SESSION = "by_session";

  private final Client client;

  SessionShares(Client client) {
    this.client = client;
  }

  /**
   * How many events of {@code index} each of {@code sessions} sent, none skipped (none: absent;
   * an event's own session, given to one sent without a session, is never over budget).
   */
  Map<String, Long> count(String index, Set<String> sessions) {
    SearchResponse counted = client.prepareSearch(FeedbackEvents.INDEX).setSize(0)
        .setQuery(QueryBuilders.boolQuery().filter(QueryBuilders.termQuery("index", index))
            .filter(QueryBuilders.termsQuery("session", sessions))
            .mustNot(QueryBuilders.existsQuery(FeedbackEvents.SKIPPED)))
        .addAggregation(AggregationBuilders.terms(BY_SESSION).field("session")
            .size(Math.max(1, sessions.size())))
        .get();
    Map<String, Long> out = new HashMap<>();
    Terms bySession = counted.getAggregations().get(BY_SESSION);
    bySession.getBuckets().forEach(bucket -> out.put(bucket.getKeyAsString(),
        bucket.getDocCount()));
    return out;
  }

  /** After new events: rewrites the shares of the sessions that {@code counts} puts over budget. */
  void afterLearning(String index, Map<String, Long> counts) {
    Map<String, Long> over = new HashMap<>(counts);
    over.values().removeIf(events -> events <= SessionBudget.EVENTS);
    rewrite(index, over);
  }

  /**
   * After events of {@code sessions} were deleted: recounts those that were over budget and
   * rewrites their shares.
   */
  void afterForgetting(String index, Set<String> sessions) {
    Set<String> wereOver = new HashSet<>();
    Indices.scan(client, PastQueriesIndex.of(index), QueryBuilders.boolQuery()
            .filter(QueryBuilders.termsQuery(PastQueriesIndex.SESSIONS, sessions))
            .filter(PastQueriesIndex.budget(false)),
        hit -> wereOver.addAll(PastQueriesIndex.sessions(hit.getSourceAsMap())));
    wereOver.retainAll(sessions);
    if (!wereOver.isEmpty()) {
      rewrite(index, count(index, wereOver));
    }
  }

  private void rewrite(String index, Map<String, Long> counts) {
    if (counts.isEmpty()) {
      return;
    }
    String name = PastQueriesIndex.of(index);
    BulkRequestBuilder updates = client.prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    Indices.scan(client, name,
        QueryBuilders.termsQuery(PastQueriesIndex.SESSIONS, counts.keySet()), hit -> {
          Map<String, Object> source = hit.getSourceAsMap(); // one session: one event's
          String session = PastQueriesIndex.sessions(source).iterator().next();
          double share = PastQueriesIndex.share(counts.getOrDefault(session, 1L));
          if (((Number) source.getOrDefault(PastQueriesIndex.SHARE, 1.0)).doubleValue()
              != share) {
            updates.add(client.prepareUpdate(name, hit.getId())
                .setDoc(Map.of(PastQueriesIndex.SHARE, share)));
          }
        });
    if (updates.numberOfActions() > 0) {
      Indices.requireDone(updates.get(), "updating session shares");
    }
  }
}
