package dev.relearn.engine;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import java.io.IOException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Turns a {@link FeedbackRequest} into a {@link FeedbackEvent} at the API boundary: the query
 * text is embedded and dropped, the session hashed, missing shown results taken from the current
 * top 10, the signal class derived, and an event id generated when the caller gave none. A
 * rating also teaches the query class's adaptive weights ({@link RatingLearner}) once per event
 * id, even when the event is a duplicate (its first attempt may have died before the weights were
 * saved), and every new event is summarised for {@link Relearn#recentFeedback}.
 */
final class FeedbackRecorder {
  /** How many results a derived "shown" list holds. */
  static final int SHOWN_WHEN_UNKNOWN = 10;

  private final Relearn engine;
  private final FeedbackStore store;
  private final RatingLearner ratings;
  private final InstantSource clock;

  FeedbackRecorder(Relearn engine, FeedbackStore store, RatingLearner ratings,
      InstantSource clock) {
    this.engine = engine;
    this.store = store;
    this.ratings = ratings;
    this.clock = clock;
  }

  FeedbackAck record(FeedbackRequest request) throws IOException {
    Embedder embedder = engine.embedder();
    float[] vector = VectorChecks.requireUnitVector(embedder.embedQuery(request.query()),
        embedder.dimension(), embedder.modelId());
    List<ShownResult> shown = request.shown() != null ? request.shown() : currentTop(request);
    boolean anyShown = false;
    for (ShownResult result : shown) {
      anyShown |= request.used().contains(result.chunkId());
    }
    SignalClass signal =
        SignalClass.of(anyShown, request.explicitSearch(), request.afterWiderSearch());
    String eventId = request.eventId() != null ? request.eventId() : UUID.randomUUID().toString();
    long now = clock.millis();
    QueryClass queryClass = QueryClassifier.classify(request.query());
    List<RescoredHit> window = request.rating() == null ? List.of()
        : engine.parts().searches().learnedWindow(SearchRequest.of(request.query()), vector);
    FeedbackEvent event = new FeedbackEvent(eventId, store.sessions().hash(request.session()),
        vector, shown, request.used(), request.outcome(), request.rating(), request.quality(),
        signal, now, queryClass.label());
    FeedbackAck ack = store.record(event);
    if (request.rating() != null) { // a duplicate too: the weights apply each event's rating once
      // the store's keyed hash: stable per install, and no event id in the weights file
      ratings.learn(queryClass, request.rating(), request.used(), window, now,
          store.sessions().hash(eventId));
    }
    return ack;
  }

  private List<ShownResult> currentTop(FeedbackRequest request) throws IOException {
    List<ShownResult> shown = new ArrayList<>();
    for (Hit hit : engine.search(SearchRequest.of(request.query()).withK(SHOWN_WHEN_UNKNOWN))
        .hits()) {
      shown.add(new ShownResult(hit.chunkId(), shown.size() + 1));
    }
    return shown;
  }
}
