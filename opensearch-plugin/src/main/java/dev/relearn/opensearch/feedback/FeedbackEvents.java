package dev.relearn.opensearch.feedback;

import java.util.List;
import java.util.Map;

/**
 * The system index {@value #INDEX} of feedback events: one document per event, its id the
 * event id, so that a retried event is recorded once. One shard, a replica wherever a second node
 * is (auto-expanded 0-1), every write made durable before it is acknowledged (translog
 * durability {@code request}). It holds vectors, chunk ids and hashed sessions: never text.
 */
public final class FeedbackEvents {
  /** The index's name. */
  public static final String INDEX = ".relearn-feedback";
  /** The longest event id, as embedded. */
  public static final int MAX_EVENT_ID_LENGTH = 128;

  /** The fields an event may have. */
  static final List<String> FIELDS = List.of("event_id", "index", "session", "vector", "shown",
      "used", "outcome", "time_millis", "query_class");

  private FeedbackEvents() {
  }

  /** The index's settings. */
  public static Map<String, Object> settings() {
    return Map.of("index.number_of_shards", 1, "index.auto_expand_replicas", "0-1",
        "index.translog.durability", "request", "index.hidden", true);
  }

  /** The index's mappings: strict, nothing searched but the ids and the session. */
  public static Map<String, Object> mappings() {
    Map<String, Object> keyword = Map.of("type", "keyword");
    Map<String, Object> kept = Map.of("type", "object", "enabled", false);
    return Map.of("dynamic", "strict", "properties", Map.of(
        "event_id", keyword, "index", keyword, "session", keyword,
        "vector", Map.of("type", "float", "index", false, "doc_values", false),
        "shown", kept, "used", keyword, "outcome", keyword,
        "time_millis", Map.of("type", "date", "format", "epoch_millis"),
        "query_class", keyword));
  }

  /**
   * Checks an event: only known fields; an event id of 1 to {@value #MAX_EVENT_ID_LENGTH}
   * printable ASCII characters without spaces; an index; a non-empty vector of numbers; at least
   * one used chunk id.
   *
   * @return the event id
   * @throws IllegalArgumentException naming the first problem, never quoting a value but the id
   */
  static String check(Map<String, Object> event) {
    for (String key : event.keySet()) {
      if (!FIELDS.contains(key)) {
        throw new IllegalArgumentException("unknown field [" + key + "]");
      }
    }
    if (!(event.get("event_id") instanceof String id) || id.isEmpty()
        || id.length() > MAX_EVENT_ID_LENGTH || !id.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      throw new IllegalArgumentException("[event_id] must be 1 to " + MAX_EVENT_ID_LENGTH
          + " printable ASCII characters without spaces");
    }
    if (!(event.get("index") instanceof String index) || index.isEmpty()) {
      throw new IllegalArgumentException("[index] must name the chunk index");
    }
    if (!(event.get("vector") instanceof List<?> vector) || vector.isEmpty()
        || !vector.stream().allMatch(Number.class::isInstance)) {
      throw new IllegalArgumentException("[vector] must be a non-empty array of numbers");
    }
    if (!(event.get("used") instanceof List<?> used) || used.isEmpty()
        || !used.stream().allMatch(String.class::isInstance)) {
      throw new IllegalArgumentException("[used] must be a non-empty array of chunk ids");
    }
    return id;
  }
}
