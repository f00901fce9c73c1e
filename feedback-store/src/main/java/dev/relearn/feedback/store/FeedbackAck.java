package dev.relearn.feedback.store;

import dev.relearn.feedback.event.Learnability;
import dev.relearn.feedback.event.SignalClass;
import java.util.List;
import java.util.Objects;

/**
 * The store's answer to a recorded event, once it is durable and applied. For a duplicate, {@code
 * learnability} and {@code signal} are those recorded under its id, {@code unknownIds} those of
 * the request as sent.
 *
 * @param eventId the event's id
 * @param sequence its position in the event log, or -1 for a duplicate
 * @param duplicate the id was seen before: acknowledged, not applied again
 * @param unknownIds chunk ids the chunk index does not hold (the event is kept anyway)
 * @param learnability what the event may teach
 * @param signal its signal class
 */
public record FeedbackAck(String eventId, long sequence, boolean duplicate,
    List<String> unknownIds, Learnability learnability, SignalClass signal) {
  /** Copies the list. */
  public FeedbackAck {
    Objects.requireNonNull(eventId, "eventId");
    unknownIds = List.copyOf(unknownIds);
  }
}
