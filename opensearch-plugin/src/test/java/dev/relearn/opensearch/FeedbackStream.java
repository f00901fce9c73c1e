package dev.relearn.opensearch;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.feedback.store.HeldOutQueries;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.rerank.FeedbackEvidence;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.trust.Trust;
import dev.relearn.lucene.trust.TrustFit;
import dev.relearn.lucene.trust.VotePairs;
import dev.relearn.opensearch.search.PastQueriesIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.opensearch.common.xcontent.XContentFactory;
import org.opensearch.core.xcontent.XContentBuilder;

/**
 * Seeded feedback events near given query vectors, as embedded relearn records them, and what
 * embedded relearn learns from them: the learned values ({@link ChunkAggregates}), the
 * similar-past-query lookup ({@link FeedbackIndex}) and the trust. Each query's events come from
 * distinct sessions; each uses a chunk it was shown below the top two, mostly successfully.
 */
final class FeedbackStream {
  static final EventEvidence EVIDENCE = new EventEvidence(1.0);
  /** Events near each query vector. */
  static final int COPIES = 8;

  final List<FeedbackEvent> events;

  FeedbackStream(List<FeedbackEvent> events) {
    this.events = List.copyOf(events);
  }

  /**
   * Eight events near each vector, from eight sessions, shown that query's list, at most ten
   * days before now; six of them use the same chunk, so that other sessions' votes predict it.
   */
  static FeedbackStream near(Random random, List<float[]> vectors, List<List<String>> shown,
      long nowMillis) {
    List<FeedbackEvent> events = new ArrayList<>();
    for (int q = 0; q < vectors.size(); q++) {
      List<ShownResult> list = new ArrayList<>();
      for (String id : shown.get(q)) {
        list.add(new ShownResult(id, list.size() + 1));
      }
      String favourite = list.get(2 + random.nextInt(list.size() - 2)).chunkId();
      for (int copy = 0; copy < COPIES; copy++) {
        float[] vector = vectors.get(q).clone();
        for (int d = 0; d < vector.length; d++) {
          vector[d] += (float) (random.nextGaussian() * 0.15);
        }
        List<String> used = List.of(copy < 6 ? favourite
            : list.get(2 + random.nextInt(list.size() - 2)).chunkId());
        events.add(new FeedbackEvent("ev-" + q + "-" + copy, "s" + ((q + copy) % COPIES),
            VectorChecks.normalize(vector), list, used,
            copy % 3 < 2 ? Outcome.SUCCESS : Outcome.NONE, null, null, SignalClass.STRONG,
            nowMillis - random.nextInt(10 * 86_400_000), "keywords"));
      }
    }
    return new FeedbackStream(events);
  }

  /** The events of every session but {@code session}. */
  FeedbackStream without(String session) {
    return new FeedbackStream(events.stream()
        .filter(event -> !event.sessionHash().equals(session)).toList());
  }

  /** Embedded relearn's learned values of these events. */
  Map<String, LearnedValues> learned() {
    return new HashMap<>(ChunkAggregates.recompute(events, EVIDENCE,
        ChunkAggregates.DEFAULT_PER_SESSION_CAP).snapshot());
  }

  /** Embedded relearn's events index of these events, in {@code folder}. */
  FeedbackIndex lookup(Path folder, int dimension) throws IOException {
    FeedbackIndex index = FeedbackIndex.open(folder, FeedbackIndexConfig.defaults(dimension),
        StorageOpener.REAL, entry -> { });
    for (FeedbackEvent event : events) {
      index.add(event, EVIDENCE.of(event));
    }
    return index;
  }

  /**
   * Embedded relearn's trust fit from {@code index}'s events, as its click trust fits it over
   * held-out queries ({@link HeldOutQueries}): each learned cluster's sessions against the similar
   * clusters of others, sessions over their event budget left out.
   */
  static Trust trust(FeedbackIndex index) throws IOException {
    RerankOptions options = RerankOptions.DEFAULTS;
    TrustFit fit = new TrustFit();
    Map<String, Double> used = new HashMap<>();
    HeldOutQueries.forEach(index, options.minSimilarity(), options.maxPastQueries(),
        Integer.MAX_VALUE, (session, logged, others) -> fit.add(VotePairs.capped(used, session,
            VotePairs.of(logged, new FeedbackEvidence(others, List.of(), options.vote()),
                options.model()))));
    return fit.trust();
  }

  /**
   * These events and {@code count} more from one session, {@code "spam"}, all over its event
   * budget: each near {@code vector}, using the last of {@code shown}; no two so similar that
   * embedded relearn would merge them (the cluster keeps one past query per event).
   */
  FeedbackStream withSpam(Random random, float[] vector, List<String> shown, int count,
      long nowMillis) {
    List<ShownResult> list = new ArrayList<>();
    for (String id : shown) {
      list.add(new ShownResult(id, list.size() + 1));
    }
    List<FeedbackEvent> out = new ArrayList<>(events);
    List<float[]> sent = new ArrayList<>();
    while (sent.size() < count) {
      float[] near = vector.clone();
      for (int d = 0; d < near.length; d++) {
        near[d] += (float) (random.nextGaussian() * 0.3);
      }
      float[] unit = VectorChecks.normalize(near);
      if (sent.stream().allMatch(other -> PastQueriesIndex.dot(other, unit)
          < FeedbackIndexConfig.DEFAULT_MERGE_SIMILARITY - 0.01)) {
        sent.add(unit);
        out.add(new FeedbackEvent("spam-" + sent.size(), "spam", unit, list,
            List.of(shown.getLast()), Outcome.SUCCESS, null, null, SignalClass.STRONG,
            nowMillis - sent.size() * 1000L, "keywords"));
      }
    }
    return new FeedbackStream(out);
  }

  /** The event as {@code POST /_relearn/feedback} takes it. */
  static String json(FeedbackEvent event, String index) throws IOException {
    try (XContentBuilder body = XContentFactory.jsonBuilder()) {
      body.startObject().field("event_id", event.eventId()).field("index", index)
          .field("session", event.sessionHash()).array("vector", event.queryVector())
          .startArray("shown");
      for (ShownResult shown : event.shown()) {
        body.startObject().field("id", shown.chunkId()).field("rank", shown.rank()).endObject();
      }
      body.endArray().array("used", event.used().toArray(new String[0]))
          .field("outcome", event.outcome().label()).field("signal", event.signal().label())
          .field("time_millis", event.timestampMillis())
          .field("query_class", event.queryClass()).endObject();
      return body.toString();
    }
  }
}
