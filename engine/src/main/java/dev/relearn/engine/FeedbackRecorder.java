package dev.relearn.engine;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.lucene.rerank.RescoredHit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import java.io.IOException;
import java.time.InstantSource;
import java.util.List;
import java.util.UUID;
import org.apache.lucene.util.IOFunction;

/**
 * Turns a {@link FeedbackRequest} into a {@link FeedbackEvent} at the API boundary (refused when
 * the index holds none of its used chunks): the query
 * text is embedded and dropped, the session hashed, missing shown results taken from the current
 * top 10, the signal class derived, an event id generated when the caller gave none. A rating
 * also teaches the class's weights ({@link RatingLearner}) once per event id, even for a
 * duplicate (its first attempt may have died before the weights were saved).
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

  /**
   * What {@code request} says was shown, or else the top hits of {@code search} now, ranked as
   * a search shows them by default: learned (hybrid until there is feedback).
   */
  static List<ShownResult> shown(FeedbackRequest request,
      IOFunction<SearchRequest, SearchResults> search) throws IOException {
    return request.shown() != null ? request.shown() : ShownList.ranked(search.apply(SearchRequest
        .of(request.query()).withK(SHOWN_WHEN_UNKNOWN).withMode(SearchMode.LEARNED)).hits());
  }

  /** How strongly {@code request}'s use speaks for the chunks, given what was {@code shown}. */
  static SignalClass signal(FeedbackRequest request, List<ShownResult> shown) {
    boolean anyShown = shown.stream().anyMatch(r -> request.used().contains(r.chunkId()));
    return SignalClass.of(anyShown, request.explicitSearch(), request.afterWiderSearch());
  }

  FeedbackAck record(FeedbackRequest request) throws IOException {
    if (request.eventId() == null || !store.contains(request.eventId())) { // a retry is answered
      FeedbackRequest.requireSomeIndexed(request.used(), // as recorded, its chunks gone or not
          engine.parts().searches().unknownIds(request.used()));
    }
    float[] vector = engine.parts().embedder().queryVector(request.query());
    List<ShownResult> shown = shown(request, engine::search);
    SignalClass signal = signal(request, shown);
    String eventId = request.eventId() != null ? request.eventId() : UUID.randomUUID().toString();
    long now = clock.millis();
    QueryClass queryClass = QueryClassifier.classify(request.query());
    List<RescoredHit> window = request.rating() == null ? List.of()
        : engine.parts().searches().learnedWindow(SearchRequest.of(request.query()), vector);
    FeedbackEvent event = new FeedbackEvent(eventId,
        store.sessions().forEvent(request.session(), eventId),
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
}

