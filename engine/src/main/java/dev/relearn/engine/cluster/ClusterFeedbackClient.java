package dev.relearn.engine.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.trust.Trust;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Feedback to a cluster that runs relearn's plugin: record an event, learn now, forget a
 * session's events or all, read the trust fit. An event holds the query's vector and class, chunk ids and a hashed
 * session: never text. Thread-safe.
 */
public final class ClusterFeedbackClient {
  /** The path events are recorded at. */
  public static final String FEEDBACK = "/_relearn/feedback";
  /** The path forgetting is asked at. */
  public static final String FORGET = "/_relearn/forget";
  /** The path a learning pass is asked at. */
  public static final String LEARN = "/_relearn/learn";
  /** The plugin's hidden index of events. */
  static final String EVENTS = ".relearn-feedback";

  private final ClusterHttp http;
  private final String index;

  /** Feedback on the chunk index {@code index}. */
  public ClusterFeedbackClient(ClusterHttp http, String index) {
    this.http = Objects.requireNonNull(http, "http");
    this.index = ClusterIndexDefinition.requireName(index);
  }

  /**
   * An event, as the cluster takes it: as an embedded one, the session hashed, the query as its
   * unit vector and class label; only {@code quality} may be null.
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

  /** Records {@code event} once; false when the cluster already held an event of that id. */
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

  /** Whether the cluster holds feedback events of this index (in the plugin's events index). */
  public boolean hasFeedback() throws IOException {
    JsonNode counted = http.getOrNull("/" + EVENTS + "/_count?q=index:" + index);
    return counted != null && counted.path("count").asLong() > 0;
  }

  /**
   * Has the cluster learn from its new events now, and refit the trust if {@code refit}, else
   * when due (every 250 events); returns how many events it learned from.
   */
  public long learn(boolean refit) throws IOException {
    return http.sendPass("POST", refit ? LEARN : LEARN + "?refit=when_due", null).path("events")
        .asLong();
  }

  /**
   * Forgets the events of one hashed session, or (null) every event on the cluster, of every
   * chunk index, with what was learned from them; returns how many.
   */
  public long forget(String sessionHash) throws IOException {
    ObjectNode body = ClusterHttp.JSON.createObjectNode();
    if (sessionHash == null) {
      body.put("all", true);
    } else {
      body.put("session", sessionHash);
    }
    return http.sendPass("POST", FORGET, body).path("events").asLong();
  }

  /**
   * The trust the cluster last fit from this index's feedback ({@code relearn.trust} of {@code
   * <index>-learned}, which the plugin's searches read); {@link Trust#PRIOR} before the first fit.
   */
  public Trust trust() throws IOException {
    JsonNode stored = http.getOrNull("/" + index + "-learned/_doc/relearn.trust");
    if (stored == null || !stored.path("found").asBoolean()) {
      return Trust.PRIOR;
    }
    return ClusterHttp.JSON.treeToValue(stored.path("_source").path("trust"), Trust.class);
  }
}
