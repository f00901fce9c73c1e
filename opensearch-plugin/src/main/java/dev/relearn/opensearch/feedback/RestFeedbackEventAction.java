package dev.relearn.opensearch.feedback;

import java.util.List;
import org.opensearch.rest.BaseRestHandler;
import org.opensearch.rest.RestRequest;
import org.opensearch.rest.action.RestToXContentListener;
import org.opensearch.transport.client.node.NodeClient;

/** {@code POST /_relearn/feedback} with one event as JSON ({@link FeedbackEvents}). */
public final class RestFeedbackEventAction extends BaseRestHandler {
  @Override
  public String getName() {
    return "relearn_feedback";
  }

  @Override
  public List<Route> routes() {
    return List.of(new Route(RestRequest.Method.POST, "/_relearn/feedback"));
  }

  @Override
  protected RestChannelConsumer prepareRequest(RestRequest rest, NodeClient client) {
    FeedbackEventRequest request = new FeedbackEventRequest(rest.requiredContent());
    return channel -> client.execute(FeedbackEventAction.INSTANCE, request,
        new RestToXContentListener<>(channel));
  }
}
