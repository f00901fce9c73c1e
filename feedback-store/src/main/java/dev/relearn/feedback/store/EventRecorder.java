package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.FeedbackIndex;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.SearcherManager;

/**
 * The store's path for one event: checks it, protects its query vector when the store does, notes
 * the chunk ids the chunk index lacks, then, once per event id, logs and applies it ({@link
 * GroupApply}). Replayed events go to the events index only (learned fields are then recomputed).
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
    EventChecks.requireDimension(given, dimension);
    FeedbackEvent event =
        protection == null ? given : given.withQueryVector(protection.protect(given.queryVector()));
    List<String> unknown = EventChecks.unknownIds(event, chunkSearchers);
    FeedbackAck duplicate = new FeedbackAck(event.eventId(), -1, true, unknown,
        event.learnability(), event.signal());
    return checkpointer.shared(() -> inFlight.once(event.eventId(),
        id -> index.recorded().contains(id), duplicate, () -> new FeedbackAck(event.eventId(),
            groups.record(event), false, unknown, event.learnability(), event.signal())));
  }

  /** Applies an event replayed from the log (one already applied is ignored). */
  void replay(FeedbackEvent event) throws IOException {
    index.add(event, evidence.of(event)); // reports DUPLICATE when it meets a committed event
  }
}
