package dev.relearn.opensearch.feedback;

import java.io.IOException;
import java.util.Objects;
import org.opensearch.action.ActionRequestValidationException;
import org.opensearch.action.support.clustermanager.ClusterManagerNodeRequest;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.core.common.io.stream.StreamOutput;

/**
 * What the learner does now: {@link Operation#LEARN} (expire the events past their time to live,
 * learn those not learned yet, refit the trust of their chunk indexes), {@link
 * Operation#LEARN_WHEN_DUE} (as the periodic pass), {@link
 * Operation#FORGET_SESSION} one (hashed) session's events, or {@link Operation#FORGET_ALL}.
 */
public final class LearningRequest extends ClusterManagerNodeRequest<LearningRequest> {
  /** The learner's operations. */
  public enum Operation {
    /** Expire the events past their time to live, learn those not learned yet, refit. */
    LEARN,
    /** Forget one session's events. */
    FORGET_SESSION,
    /** Forget every event. */
    FORGET_ALL,
    /**
     * Learn those not learned yet, refitting a trust only after {@value
     * EventLearning#REFIT_EVERY} events, as the periodic pass does (and embedded relearn's
     * awaitLearning): a client that learns after every event sees the trust it would see embedded.
     */
    LEARN_WHEN_DUE
  }

  private final Operation operation;
  private final String session;

  /** @param session the hashed session for {@link Operation#FORGET_SESSION}, else null */
  public LearningRequest(Operation operation, String session) {
    this.operation = Objects.requireNonNull(operation, "operation");
    if ((operation == Operation.FORGET_SESSION) != (session != null && !session.isBlank())) {
      throw new IllegalArgumentException("a session is needed to forget a session, and only then");
    }
    this.session = session;
  }

  /** Reads a request sent between nodes. */
  public LearningRequest(StreamInput in) throws IOException {
    super(in);
    operation = in.readEnum(Operation.class);
    session = in.readOptionalString();
  }

  @Override
  public void writeTo(StreamOutput out) throws IOException {
    super.writeTo(out);
    out.writeEnum(operation);
    out.writeOptionalString(session);
  }

  /** What to do. */
  public Operation operation() {
    return operation;
  }

  /** The session to forget, or null. */
  public String session() {
    return session;
  }

  @Override
  public ActionRequestValidationException validate() {
    return null; // the constructors validate
  }
}
