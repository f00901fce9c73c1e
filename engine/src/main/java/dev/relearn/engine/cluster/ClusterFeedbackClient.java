package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Feedback to a cluster that runs relearn's plugin: {@code POST /_relearn/feedback} records one
 * event, {@code POST /_relearn/learn} learns from the events now, {@code POST /_relearn/forget}
 * forgets a session's events or all of them. An
 * event holds the query's vector and class, chunk ids and a hashed session: never text.
 * Thread-safe.
 */
public final class ClusterFeedbackClient {
  /** The path events are recorded at. */
  public static final String FEEDBACK = "/_relearn/feedback";
  /** The path forgetting is asked at. */
  public static final String FORGET = "/_relearn/forget";
  /** The path a learning pass is asked at. */
  public static final String LEARN = "/_relearn/learn";

  private final ClusterHttp http;
  private final String index;

  /** Feedback on the chunk index {@code index}. */
  public ClusterFeedbackClient(ClusterHttp http, String index) {
    this.http = Objects.requireNonNull(http, "http");
    this.index = ClusterIndexDefinition.requireName(index);
  }

  /**
   * An event, as the cluster takes it.
   *
   * @param eventId the idempotency key
   * @param sessionHash the hashed session
   * @param vector the query's unit vector
   * @param shown what was shown, with ranks
   * @param used the chunk ids used
   * @param outcome how the task ended
   * @param signal how strongly the use speaks for the chunks, as embedded derives it
   * @param quality a quality score in [0, 1], or null
   * @param timeMillis when
   * @param queryClass the query's class label
   */
  public record Event(String eventId, String sessionHash, float[] vector,
      List<ShownResult> shown, List<String> used, Outcome outcome, SignalClass signal,
      Double quality, long timeMillis, String queryClass) {
    /** Requires every part but the quality; copies the lists. */
    public Event {
      Objects.requireNonNull(eventId, "eventId");
      Objects.requireNonNull(sessionHash, "sessionHash");
      Objects.requireNonNull(vector, "vector");
      shown = List.copyOf(shown);
      used = List.copyOf(used);
      Objects.requireNonNull(outcome, "outcome");
      Objects.requireNonNull(signal, "signal");
      Objects.requireNonNull(queryClass, "queryClass");
    }
  }

  /**
   * Records {@code event} once.
   *
   * @return false when the cluster already held an event of that id
   */
  public boolean record(Event event) throws IOException {
    JsonNode answer;
    try {
      answer = http.send("POST", FEEDBACK, body(event, true));
    } catch (IOException e) { // a plugin that predates signal and quality takes the event without
      if (!String.valueOf(e.getMessage()).matches("(?s).*unknown field \\[(signal|quality)].*")) {
        throw e;
      }
      answer = http.send("POST", FEEDBACK, body(event, false));
    }
    String result = answer.path("result").asText();
    if (!result.equals("recorded") && !result.equals("duplicate")) {
      throw new IOException("the cluster's answer to feedback event " + event.eventId()
          + " is neither recorded nor duplicate: " + answer);
    }
    return result.equals("recorded");
  }

  /** The JSON body of an event, with its signal and quality when {@code graded}. */
  ObjectNode body(Event event, boolean graded) {
    ObjectNode body = ClusterHttp.JSON.createObjectNode();
    body.put("event_id", event.eventId()).put("index", index)
        .put("session", event.sessionHash());
    ArrayNode vector = body.putArray("vector");
    for (float component : event.vector()) {
      vector.add(component);
    }
    ArrayNode shown = body.putArray("shown");
    for (ShownResult result : event.shown()) {
      shown.addObject().put("id", result.chunkId()).put("rank", result.rank());
    }
    ArrayNode used = body.putArray("used");
    event.used().forEach(used::add);
    body.put("outcome", event.outcome().label()).put("time_millis", event.timeMillis())
        .put("query_class", event.queryClass());
    if (graded) {
      body.put("signal", event.signal().label());
      if (event.quality() != null) {
        body.put("quality", event.quality());
      }
    }
    return body;
  }

  /**
   * Has the cluster learn from the events it has not learned from yet, now.
   *
   * @param refit whether the trust is refit now too; else only when its periodic pass would
   *     (every 250 events), as embedded relearn refits
   * @return how many events it learned from
   */
  public long learn(boolean refit) throws IOException {
    return http.send("POST", refit ? LEARN : LEARN + "?refit=when_due", null).path("events")
        .asLong();
  }

  /**
   * Forgets the events of one hashed session, or every event on the cluster when {@code
   * sessionHash} is null (the plugin forgets across chunk indexes), with what was learned from
   * them.
   *
   * @return how many events the cluster forgot
   */
  public long forget(String sessionHash) throws IOException {
    ObjectNode body = ClusterHttp.JSON.createObjectNode();
    if (sessionHash == null) {
      body.put("all", true);
    } else {
      body.put("session", sessionHash);
    }
    return http.send("POST", FORGET, body).path("events").asLong();
  }
}
