package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Map;
import java.util.Objects;

/**
 * An event and what it taught per chunk id, as {@link FeedbackIndex#addAll} takes them.
 *
 * @param event the event
 * @param evidence what it taught per chunk id; empty for an ambiguous event
 */
public record TaughtEvent(FeedbackEvent event, Map<String, ChunkEvidence> evidence) {
  /** Rejects a missing event or evidence. */
  public TaughtEvent {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(evidence, "evidence");
  }
}
