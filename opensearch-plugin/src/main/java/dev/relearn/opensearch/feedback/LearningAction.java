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

  /**
   * {@code {"events": n, "skipped": m}}: how many events were learned or forgotten, and how many
   * a pass found it could never learn and marked skipped.
   */
  public static final class Response extends ActionResponse implements ToXContentObject {
    private final int events;
    private final int skipped;

    /**
     * @param events how many events were learned or forgotten
     * @param skipped how many events a pass marked skipped
     */
    public Response(int events, int skipped) {
      this.events = events;
      this.skipped = skipped;
    }

    /** Reads a response sent between nodes. */
    public Response(StreamInput in) throws IOException {
      super(in);
      events = in.readVInt();
      skipped = in.readVInt();
    }

    @Override
    public void writeTo(StreamOutput out) throws IOException {
      out.writeVInt(events);
      out.writeVInt(skipped);
    }

    /** How many events a pass marked skipped: it can never learn them. */
    public int skipped() {
      return skipped;
    }

    /** How many events were learned or forgotten. */
    public int events() {
      return events;
    }

    @Override
    public XContentBuilder toXContent(XContentBuilder builder, Params params) throws IOException {
      return builder.startObject().field("events", events).field("skipped", skipped).endObject();
    }
  }
}
