package dev.relearn.opensearch.feedback;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.opensearch.core.xcontent.XContentParser;
import org.opensearch.rest.BaseRestHandler;
import org.opensearch.rest.RestRequest;
import org.opensearch.rest.action.RestToXContentListener;
import org.opensearch.transport.client.node.NodeClient;

/**
 * {@code POST /_relearn/feedback} with one event as JSON ({@link FeedbackEvents}); {@code POST
 * /_relearn/learn}, a learning pass now ({@code ?refit=when_due}: refitting the trust only when
 * the periodic pass would); {@code POST /_relearn/forget} with {@code {"session":
 * "<hashed session>"}} or {@code {"all": true}} ({@link LearningRequest}).
 */
public final class RestFeedbackEventAction extends BaseRestHandler {
  @Override
  public String getName() {
    return "relearn_feedback";
  }

  @Override
  public List<Route> routes() {
    return List.of(new Route(RestRequest.Method.POST, "/_relearn/feedback"),
        new Route(RestRequest.Method.POST, "/_relearn/learn"),
        new Route(RestRequest.Method.POST, "/_relearn/forget"));
  }

  @Override
  protected RestChannelConsumer prepareRequest(RestRequest rest, NodeClient client)
      throws IOException {
    if (rest.path().endsWith("/feedback")) {
      FeedbackEventRequest request = new FeedbackEventRequest(rest.requiredContent());
      return channel -> client.execute(FeedbackEventAction.INSTANCE, request,
          new RestToXContentListener<>(channel));
    }
    LearningRequest request = rest.path().endsWith("/learn") ? learn(rest) : forget(rest);
    return channel -> client.execute(LearningAction.INSTANCE, request,
        new RestToXContentListener<>(channel));
  }

  private static LearningRequest learn(RestRequest rest) {
    String refit = rest.param("refit", "now");
    return switch (refit) {
      case "now" -> new LearningRequest(LearningRequest.Operation.LEARN, null);
      case "when_due" -> new LearningRequest(LearningRequest.Operation.LEARN_WHEN_DUE, null);
      default -> throw new IllegalArgumentException("[refit] must be now or when_due, not "
          + refit);
    };
  }

  private static LearningRequest forget(RestRequest rest) throws IOException {
    Map<String, Object> body;
    try (XContentParser parser = rest.contentParser()) {
      body = parser.map();
    }
    if (Boolean.TRUE.equals(body.get("all")) && body.size() == 1) {
      return new LearningRequest(LearningRequest.Operation.FORGET_ALL, null);
    }
    if (body.get("session") instanceof String session && body.size() == 1) {
      return new LearningRequest(LearningRequest.Operation.FORGET_SESSION, session);
    }
    throw new IllegalArgumentException(
        "forget needs {\"session\": \"<hashed session>\"} or {\"all\": true}");
  }
}
