package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.FeedbackIndex;
import dev.relearn.feedback.index.RecordedEvents;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;

/**
 * The store's path for one event: checks it (a bad event must never reach the log), protects its
 * query vector when the store does, notes the chunk ids the chunk index lacks, then, once per
 * event id, logs and applies it ({@link GroupApply}). Replayed events go to the events index only
 * (learned fields are then recomputed).
 */
final class EventRecorder {
  private final int dimension;
  private final SearcherManager chunkSearchers;
  private final VectorProtection protection;
  private final FeedbackIndex index;
  private final EventEvidence evidence;
  private final Checkpointer checkpointer;
  private final GroupApply groups;
  private final InFlightEvents inFlight = new InFlightEvents();

  EventRecorder(FeedbackStoreConfig config, SearcherManager chunkSearchers, StoreFolder folder,
      LearnedFields learned, Checkpointer checkpointer, StoreStop stop) {
    this.dimension = config.index().dimension();
    this.chunkSearchers = chunkSearchers;
    this.protection = folder.protection();
    this.index = folder.index();
    this.evidence = new EventEvidence(config.eta());
    this.checkpointer = checkpointer;
    this.groups =
        new GroupApply(folder.log(), index, learned, evidence, checkpointer, stop);
  }

  /** Records an event: durable, then applied, then acknowledged; a known id is a duplicate. */
  FeedbackAck record(FeedbackEvent given) throws IOException {
    float[] vector = given.queryVector();
    if (vector.length != dimension) {
      throw new IllegalArgumentException("query vector has " + vector.length
          + " dimensions; the feedback store expects " + dimension);
    }
    if (isZero(vector)) { // the events index refuses it: logged first, it failed every replay
      throw new IllegalArgumentException("event " + given.eventId() + " has a zero vector");
    }
    FeedbackEvent event =
        protection == null ? given : given.withQueryVector(protection.protect(given.queryVector()));
    List<String> unknown = unknownIds(event);
    FeedbackAck recorded = checkpointer.shared(() -> inFlight.once(event.eventId(),
        id -> index.recorded().contains(id), null, () -> new FeedbackAck(event.eventId(),
            groups.record(event), false, unknown, event.learnability(), event.signal())));
    if (recorded != null) {
      return recorded;
    }
    // a duplicate: answered as its id was recorded (a retry's list of what was shown may differ)
    RecordedEvents.Recorded as = index.recorded().recorded(event.eventId());
    if (as == null) { // forgotten since
      as = RecordedEvents.Recorded.of(event);
    }
    return new FeedbackAck(event.eventId(), -1, true, unknown, as.learnability(), as.signal());
  }

  /** Whether every component is zero: a vector without a direction, which nothing matches. */
  static boolean isZero(float[] vector) {
    for (float component : vector) {
      if (component != 0) {
        return false;
      }
    }
    return true;
  }

  /** The used and shown chunk ids the chunk index does not hold. */
  private List<String> unknownIds(FeedbackEvent event) throws IOException {
    Set<String> ids = new LinkedHashSet<>(event.used());
    for (ShownResult shown : event.shown()) {
      ids.add(shown.chunkId());
    }
    IndexSearcher searcher = chunkSearchers.acquire();
    try {
      return List.copyOf(LearnedFieldUpdater.unknownIds(searcher, ids));
    } finally {
      chunkSearchers.release(searcher);
    }
  }

  /** Applies an event replayed from the log (one already applied is ignored). */
  void replay(FeedbackEvent event) throws IOException {
    index.add(event, evidence.of(event)); // reports DUPLICATE when it meets a committed event
  }
}
