package dev.relearn.opensearch.feedback;

import org.opensearch.action.ActionType;

/** Records one feedback event, {@value #NAME}. */
public final class FeedbackEventAction extends ActionType<FeedbackEventResponse> {
  /** The action's name. */
  public static final String NAME = "indices:data/write/relearn/feedback";
  /** The one instance. */
  public static final FeedbackEventAction INSTANCE = new FeedbackEventAction();

  private FeedbackEventAction() {
    super(NAME, FeedbackEventResponse::new);
  }
}
