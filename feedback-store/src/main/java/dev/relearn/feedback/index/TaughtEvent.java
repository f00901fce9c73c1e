package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Map;
import java.util.Objects;

/** An event and what it taught per chunk id (empty: ambiguous): {@link FeedbackIndex#addAll}. */
public record TaughtEvent(FeedbackEvent event, Map<String, ChunkEvidence> evidence) {
  /** Rejects a missing event or evidence. */
  public TaughtEvent {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(evidence, "evidence");
  }
}
