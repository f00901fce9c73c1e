package dev.relearn.opensearch.feedback;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.opensearch.action.ActionRequest;
import org.opensearch.action.ActionRequestValidationException;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.core.common.bytes.BytesReference;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.MediaTypeRegistry;

/**
 * One feedback event to record, as the client sends it: vectors and chunk ids, never text. Its
 * {@code event_id} is the idempotency key. The event is kept as sent, after {@link
 * FeedbackEvents#check} has checked it, as a JSON object.
 */
public final class FeedbackEventRequest extends ActionRequest {
  private final BytesReference event;
  private final String eventId;

  /** @param event the event's JSON object; {@link FeedbackEvents#check} must accept it */
  public FeedbackEventRequest(BytesReference event) {
    this.event = Objects.requireNonNull(event, "event");
    this.eventId = FeedbackEvents.check(asMap(event));
  }

  /** Reads a request sent between nodes. */
  public FeedbackEventRequest(StreamInput in) throws IOException {
    super(in);
    event = in.readBytesReference();
    eventId = in.readString();
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    super.writeTo(out);
    out.writeBytesReference(event);
    out.writeString(eventId);
  }

  private static Map<String, Object> asMap(BytesReference event) {
    return new HashMap<>(XContentHelper.convertToMap(event, false, MediaTypeRegistry.JSON).v2());
  }

  /** The event as stored. */
  public Map<String, Object> event() {
    return asMap(event);
  }

  /** Its idempotency key. */
  public String eventId() {
    return eventId;
  }

  @Override
  public ActionRequestValidationException validate() {
    return null; // the constructors validate
  }

  /** Names the event by id only. */
  @Override
  public String toString() {
    return "feedback event " + eventId;
  }
}
