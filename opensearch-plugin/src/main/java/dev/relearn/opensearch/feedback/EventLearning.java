package dev.relearn.opensearch.feedback;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import dev.relearn.opensearch.search.PastQueriesIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.index.query.QueryBuilder;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.search.SearchHit;
import org.opensearch.transport.client.Client;

/**
 * Derives what searches read from the recorded events, as embedded relearn derives it from its
 * events index: per chunk index, the past queries ({@link PastQueriesIndex}: one per event, its
 * evidence by {@link EventEvidence}), the learned values ({@link ChunkValues}) and the trust
 * ({@link TrustFitting}). Forgetting deletes events and their past queries, recounts their chunks
 * and refits the trust. Blocking: runs on the {@link Learner}'s thread only, one task at a time,
 * so that no two passes race.
 */
final class EventLearning {
  /** Events learned per batch. */
  static final int BATCH = 500;
  /** How long events are kept, as embedded. */
  static final long TTL_MILLIS = FeedbackIndexConfig.DEFAULT_TTL.toMillis();
  /** New events between refits of an index's trust, as embedded. */
  static final int REFIT_EVERY = 250;
  /** The most time between expiries in periodic passes. */
  static final long EXPIRY_EVERY_MILLIS = 3_600_000;

  private final Client client;
  private final EventEvidence evidence = new EventEvidence(1.0); // embedded's eta
  private final TrustFitting trust;
  private final SessionShares shares;
  private final ChunkValues values;
  private final Map<String, Integer> sinceFit = new HashMap<>(); // events learned, by index
  private long expired; // when the last expiry ran
  private final Set<String> unpurged = new HashSet<>(); // purged by a forget, due once more

  EventLearning(Client client) {
    this.client = client;
    this.trust = new TrustFitting(client);
    this.shares = new SessionShares(client);
    this.values = new ChunkValues(client, evidence);
  }

  /** Drops the values held in memory: since read, others may have learned, or deleted events. */
  void reset() {
    values.forget();
  }

  /**
   * A pass: purges again what forgets since the last could not drop yet and expires the events
   * past their time to live (when {@code now}, else at most hourly), learns the new ones, and
   * refits the trust of each chunk index with {@value #REFIT_EVERY} events learned since its last
   * fit, or with any when {@code now}.
   */
  Pass pass(long nowMillis, boolean now) {
    if (now || nowMillis - expired >= EXPIRY_EVERY_MILLIS) {
      Indices.purge(client, List.copyOf(unpurged));
      unpurged.clear();
      expire(nowMillis);
      expired = nowMillis;
    }
    Pass learned = learn();
    for (String index : List.copyOf(sinceFit.keySet())) {
      if (sinceFit.get(index) >= (now ? 1 : REFIT_EVERY)) {
        fitTrust(index);
      }
    }
    return learned;
  }

  private void fitTrust(String index) {
    sinceFit.remove(index);
    if (Indices.exists(client, PastQueriesIndex.of(index))) {
      trust.fit(index, System.currentTimeMillis());
    }
  }

  /**
   * Learns every event not learned yet, in batches; an event no pass can learn is marked skipped
   * instead ({@link BadEvents}), so that it fails neither its batch nor any later one.
   */
  Pass learn() {
    int learned = 0;
    int skipped = 0;
    Map<String, RuntimeException> failed = new TreeMap<>(); // chunk indexes left to the next pass
    while (Indices.exists(client, FeedbackEvents.INDEX)) {
      client.admin().indices().prepareRefresh(FeedbackEvents.INDEX).get();
      SearchHit[] hits = client.prepareSearch(FeedbackEvents.INDEX).setQuery(QueryBuilders
              .boolQuery().filter(QueryBuilders.termQuery(FeedbackEvents.LEARNED, false))
              .mustNot(QueryBuilders.existsQuery(FeedbackEvents.SKIPPED))
              .mustNot(QueryBuilders.termsQuery("index", failed.keySet())))
          .setSize(BATCH).get().getHits().getHits();
      Map<String, Map<String, Object>> batch = new BadEvents(client).sift(hits);
      learned += learn(batch, failed);
      skipped += hits.length - batch.size();
      if (hits.length < BATCH) {
        break; // the search found every event not learned
      }
    }
    if (!failed.isEmpty()) { // after the other indexes' events are learned
      IllegalStateException e = new IllegalStateException("learning the events of "
          + failed.keySet() + " failed; the next pass retries them");
      failed.values().forEach(e::addSuppressed);
      throw e;
    }
    return new Pass(learned, skipped);
  }

  /** What a pass did: how many events it learned, and how many it skipped. */
  record Pass(int learned, int skipped) {
  }

  /**
   * Learns {@code batch}, events by document id that {@link BadEvents} accepted, chunk index by
   * chunk index: one that fails (its learned-values index blocked, say) is put in {@code failed}
   * with its events unlearned, and the others are learned. Returns how many were learned.
   */
  private int learn(Map<String, Map<String, Object>> batch, Map<String, RuntimeException> failed) {
    Map<String, Map<String, Map<String, Object>>> byIndex = new TreeMap<>();
    batch.forEach((id, source) -> byIndex.computeIfAbsent((String) source.get("index"),
        index -> new LinkedHashMap<>()).put(id, source));
    int learned = 0;
    for (Map.Entry<String, Map<String, Map<String, Object>>> index : byIndex.entrySet()) {
      try {
        learn(index.getKey(), index.getValue());
        learned += index.getValue().size();
      } catch (RuntimeException e) { // unlearned, or in part: the values held are read again
        values.forget();
        failed.put(index.getKey(), e);
      }
    }
    return learned;
  }

  /** Learns the events of chunk index {@code index}, by document id, and marks them learned. */
  private void learn(String index, Map<String, Map<String, Object>> sources) {
    List<FeedbackEvent> events = sources.values().stream().map(FeedbackEvents::event).toList();
    int dimension = events.get(0).queryVector().length; // the chunk index's (BadEvents)
    int beside = Indices.dimension(client, PastQueriesIndex.of(index));
    if (beside > 0 && beside != dimension) { // another model's past queries, left by a failure
      afterCreated(index, dimension);
    }
    sinceFit.merge(index, events.size(), Integer::sum);
    addPastQueries(index, events);
    values.learn(index, events);
    BulkRequestBuilder marks = client.prepareBulk() // the next search refreshes first
        .setRefreshPolicy(WriteRequest.RefreshPolicy.NONE);
    sources.keySet().forEach(id -> marks.add(client.prepareUpdate(FeedbackEvents.INDEX, id)
        .setDoc(Map.of(FeedbackEvents.LEARNED, true))));
    Indices.requireDone(marks.get(), "marking events learned");
  }

  /** Forgets the events older than {@link #TTL_MILLIS} at {@code nowMillis}; returns how many. */
  int expire(long nowMillis) {
    return forget(QueryBuilders.rangeQuery("time_millis").lt(nowMillis - TTL_MILLIS), false);
  }

  /** As {@link #forget(QueryBuilder, boolean)}, purged: a forget a user asked for. */
  int forget(QueryBuilder query) {
    return forget(query, true);
  }

  /**
   * Forgets the events {@code query} matches: deletes them and their past queries, and recounts
   * the learned values of every chunk they named from the learned events that remain. With
   * {@code purge}, their bytes leave the disk now ({@link Indices#purge}); expired ones leave as
   * segments merge, since a purge rewrites most of the events index. Events no pass learned
   * ({@link BadEvents}: skipped, or unreadable) are deleted only.
   *
   * @return how many events were forgotten
   */
  private int forget(QueryBuilder query, boolean purge) {
    List<Map<String, Object>> found = new ArrayList<>();
    List<String> unlearned = new ArrayList<>(); // skipped or unreadable, by document id
    Indices.scan(client, FeedbackEvents.INDEX, query, hit -> {
      if (BadEvents.readable(hit.getId(), hit.getSourceAsMap())) {
        found.add(hit.getSourceAsMap());
      } else {
        unlearned.add(hit.getId());
      }
    });
    if (found.isEmpty() && unlearned.isEmpty()) {
      return 0;
    }
    values.forget(); // what is held counts the events deleted next: read it again after
    BulkRequestBuilder deletes = client.prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    unlearned.forEach(id -> deletes.add(client.prepareDelete(FeedbackEvents.INDEX, id)));
    Map<String, List<FeedbackEvent>> byIndex = FeedbackEvents.byIndex(found);
    Set<String> touched = new HashSet<>(Set.of(FeedbackEvents.INDEX));
    byIndex.forEach((index, events) -> {
      boolean pastQueries = Indices.exists(client, PastQueriesIndex.of(index));
      if (pastQueries) {
        touched.add(PastQueriesIndex.of(index));
      }
      for (FeedbackEvent event : events) {
        deletes.add(client.prepareDelete(FeedbackEvents.INDEX,
            FeedbackEvents.documentId(index, event.eventId())));
        if (pastQueries) {
          deletes.add(client.prepareDelete(PastQueriesIndex.of(index), event.eventId()));
        }
      }
    });
    Indices.requireDone(deletes.get(), "forgetting events");
    if (purge) {
      Indices.purge(client, touched);
      unpurged.addAll(touched);
    }
    byIndex.forEach((index, events) ->
        shares.afterForgetting(index, FeedbackEvents.sessions(events)));
    byIndex.forEach((index, events) -> values.recount(index, FeedbackEvents.chunkIds(events)));
    byIndex.keySet().forEach(this::fitTrust); // as embedded, a forget refits at once
    return found.size() + unlearned.size();
  }

  /**
   * After chunk index {@code index} was created with vectors of {@code dimension}: feedback kept
   * under its name of another dimension (an index deleted and built again with another model) is
   * forgotten, purged, with its learned values and past queries, which no search of the new index
   * can use: the old past queries' kNN failed every learned search, and the first new event
   * stalled every pass (a pass that finds such past queries left calls this too). Feedback of
   * the same dimension stays, as it did.
   *
   * @return how many events were forgotten
   */
  int afterCreated(String index, int dimension) {
    List<String> stale = new ArrayList<>();
    Indices.scan(client, FeedbackEvents.INDEX, QueryBuilders.termQuery("index", index), hit -> {
      if (!(hit.getSourceAsMap().get("vector") instanceof List<?> vector)
          || vector.size() != dimension) {
        stale.add(hit.getId());
      }
    });
    String pastQueries = PastQueriesIndex.of(index);
    int theirs = Indices.dimension(client, pastQueries);
    boolean otherPastQueries = theirs > 0 && theirs != dimension;
    if (stale.isEmpty() && !otherPastQueries) {
      return 0;
    }
    if (!stale.isEmpty()) {
      BulkRequestBuilder deletes = client.prepareBulk()
          .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
      stale.forEach(id -> deletes.add(client.prepareDelete(FeedbackEvents.INDEX, id)));
      Indices.requireDone(deletes.get(), "forgetting the events of another model's index " + index);
      Indices.purge(client, List.of(FeedbackEvents.INDEX));
      unpurged.add(FeedbackEvents.INDEX);
    }
    String[] beside = Stream.of(LearnedValuesIndex.of(index), pastQueries)
        .filter(name -> Indices.exists(client, name)).toArray(String[]::new);
    if (beside.length > 0) {
      client.admin().indices().prepareDelete(beside).get();
    }
    values.forget();
    sinceFit.remove(index);
    return stale.size();
  }

  /**
   * One past query per event, as embedded founds a cluster: one event's evidence is within the
   * per-session caps (at most 1.25 clicks, 2 examinations), so it is stored uncapped; with its
   * session's share of the event budget, and the session's other past queries' shares updated.
   */
  private void addPastQueries(String index, List<FeedbackEvent> events) {
    String name = PastQueriesIndex.of(index);
    Indices.createBeside(client, name,
        PastQueriesIndex.mappings(events.get(0).queryVector().length));
    Map<String, Long> counts = shares.count(index, FeedbackEvents.sessions(events));
    BulkRequestBuilder bulk = client.prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.IMMEDIATE);
    for (FeedbackEvent event : events) {
      PastQuery query = new PastQuery(1f, 1, evidence.of(event), event.timestampMillis(), 1.0,
          Set.of(event.sessionHash()),
          PastQueriesIndex.share(counts.getOrDefault(event.sessionHash(), 1L)));
      bulk.add(client.prepareIndex(name).setId(event.eventId())
          .setSource(PastQueriesIndex.source(event.queryVector(), query)));
    }
    Indices.requireDone(bulk.get(), "indexing past queries");
    shares.afterLearning(index, counts);
  }
}
