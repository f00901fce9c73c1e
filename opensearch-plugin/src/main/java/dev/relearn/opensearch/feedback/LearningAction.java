package dev.relearn.opensearch.feedback;

import java.io.IOException;
import org.opensearch.action.ActionType;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;
import org.opensearch.core.xcontent.ToXContentObject;
import org.opensearch.core.xcontent.XContentBuilder;

/**
 * Learning on the cluster-manager, {@value #NAME}: a pass over the events not learned yet, or a
 * forget ({@link LearningRequest}); answers how many events it learned or forgot.
 */
public final class LearningAction extends ActionType<LearningAction.Response> {
  /** The action's name. */
  public static final String NAME = "indices:data/write/relearn/learn";
  /** The one instance. */
  public static final LearningAction INSTANCE = new LearningAction();

  private LearningAction() {
    super(NAME, Response::new);
  }

  /** {@code {"events": n}}: how many events were learned or forgotten. */
  public static final class Response extends ActionResponse implements ToXContentObject {
    private final int events;

    /** @param events how many events were learned or forgotten */
    public Response(int events) {
      this.events = events;
    }

    /** Reads a response sent between nodes. */
    public Response(StreamInput in) throws IOException {
      super(in);
      events = in.readVInt();
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      out.writeVInt(events);
    }

    /** How many events were learned or forgotten. */
    public int events() {
      return events;
    }

    @Override
    public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
      return builder.startObject().field("events", events).endObject();
    }
  }
}
