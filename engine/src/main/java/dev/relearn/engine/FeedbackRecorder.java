package dev.relearn.engine;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.search.Hit;
import dev.relearn.lucene.search.SearchRequest;
import java.io.IOException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Turns a {@link FeedbackRequest} into a {@link FeedbackEvent} at the API boundary: the query
 * text is embedded and dropped, the session hashed, missing shown results taken from the current
 * top 10, the signal class derived, and an event id generated when the caller gave none.
 */
final class FeedbackRecorder {
  /** How many results a derived "shown" list holds. */
  static final int SHOWN_WHEN_UNKNOWN = 10;

  private final Relearn engine;
  private final FeedbackStore store;
  private final InstantSource clock;

  FeedbackRecorder(Relearn engine, FeedbackStore store, InstantSource clock) {
    this.engine = engine;
    this.store = store;
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
    FeedbackEvent event = new FeedbackEvent(eventId, store.sessions().hash(request.session()),
        vector, shown, request.used(), request.outcome(), request.rating(), request.quality(),
        signal, clock.millis());
    return store.record(event);
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
