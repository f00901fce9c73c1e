package dev.relearn.opensearch.feedback;

import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.rerank.FeedbackEvidence;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.trust.Trust;
import dev.relearn.lucene.trust.TrustFit;
import dev.relearn.lucene.trust.VotePairs;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import dev.relearn.opensearch.search.PastQueriesIndex;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.transport.client.Client;

/**
 * Fits the trust in the vote of a chunk index's past queries as embedded relearn fits it from
 * its events ({@link TrustFit} over {@link VotePairs}): for each of the latest {@value
 * #MAX_QUERIES} past queries that taught something, its session's evidence against the vote of
 * the similar past queries of other sessions, decayed to now. Stores it in the learned-values
 * index ({@link LearnedValuesIndex#TRUST_ID}), where every coordinating node reads it with the
 * window's learned values. Blocking, on the {@link Learner}'s thread.
 */
final class TrustFitting {
  /** At most this many of the latest past queries are fit on, as embedded. */
  static final int MAX_QUERIES = 4000;

  private final Client client;
  private final RerankOptions options = RerankOptions.DEFAULTS;

  TrustFitting(Client client) {
    this.client = client;
  }

  /** Fits the trust of {@code index}'s past queries at {@code nowMillis} and stores it. */
  Trust fit(String index, long nowMillis) {
    // sessions over their event budget take no part, as logged queries or as voters (embedded's
    // HeldOutQueries), so that one session's spam cannot move the trust
    List<Held> all = pastQueries(index, nowMillis).stream()
        .filter(held -> held.query().withinBudget()).toList();
    List<Held> learned = new ArrayList<>(all.stream()
        .filter(held -> !held.query().chunks().isEmpty()).toList());
    learned.sort(Comparator.comparingLong((Held held) -> held.query().lastMillis())
        .thenComparing(Held::id));
    TrustFit fit = new TrustFit();
    Map<String, Double> used = new HashMap<>();
    for (Held logged : learned.subList(Math.max(0, learned.size() - MAX_QUERIES),
        learned.size())) {
      List<PastQuery> others = new ArrayList<>();
      for (Held other : all) {
        float similarity = PastQueriesIndex.dot(logged.vector(), other.vector());
        if (similarity >= options.minSimilarity()
            && Collections.disjoint(other.query().sessions(), logged.query().sessions())) {
          PastQuery query = other.query();
          others.add(new PastQuery(Math.max(-1f, Math.min(1f, similarity)), query.events(),
              query.chunks(), query.lastMillis(), query.scale(), query.sessions()));
        }
      }
      others.sort(Comparator.comparingDouble((PastQuery query) -> -query.similarity()));
      FeedbackEvidence vote = new FeedbackEvidence(
          others.subList(0, Math.min(options.maxPastQueries(), others.size())), List.of(),
          options.vote());
      String session = logged.query().sessions().iterator().next();
      fit.add(VotePairs.capped(used, session,
          VotePairs.of(logged.query().chunks(), vote, options.model())));
    }
    Trust trust = fit.trust();
    client.prepareIndex(LearnedValuesIndex.of(index)).setId(LearnedValuesIndex.TRUST_ID)
        .setSource(LearnedValuesIndex.trustSource(trust))
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE).get();
    return trust;
  }

  /** A stored past query: its id, vector, and what it taught, decayed to now. */
  private record Held(String id, float[] vector, PastQuery query) {
  }

  private List<Held> pastQueries(String index, long nowMillis) {
    List<Held> out = new ArrayList<>();
    Indices.scan(client, PastQueriesIndex.of(index), QueryBuilders.matchAllQuery(), hit -> {
      float[] vector = PastQueriesIndex.vector(hit.getSourceAsMap());
      out.add(new Held(hit.getId(), vector,
          PastQueriesIndex.read(hit.getSourceAsMap(), vector, nowMillis)));
    });
    return out;
  }
}
