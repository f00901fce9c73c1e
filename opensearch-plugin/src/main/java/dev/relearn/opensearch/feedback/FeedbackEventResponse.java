package dev.relearn.opensearch.feedback;

import java.io.IOException;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ToXContentObject;
import org.opensearch.core.xcontent.XContentBuilder;

/**
 * That an event is recorded: {@code {"event_id": ..., "result": "recorded"}}, or {@code
 * "duplicate"} when an event with its id was recorded before (and this one was not).
 */
public final class FeedbackEventResponse extends ActionResponse implements ToXContentObject {
  private final String eventId;
  private final boolean recorded;

  /** @param recorded false when the id was recorded before */
  public FeedbackEventResponse(String eventId, boolean recorded) {
    this.eventId = eventId;
    this.recorded = recorded;
  }

  /** Reads a response sent between nodes. */
  public FeedbackEventResponse(StreamInput in) throws IOException {
    super(in);
    eventId = in.readString();
    recorded = in.readBoolean();
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    out.writeString(eventId);
    out.writeBoolean(recorded);
  }

  /** False when an event with this id had been recorded before. */
  public boolean recorded() {
    return recorded;
  }

  @Override
  public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
    return builder.startObject().field("event_id", eventId)
        .field("result", recorded ? "recorded" : "duplicate").endObject();
  }
}
