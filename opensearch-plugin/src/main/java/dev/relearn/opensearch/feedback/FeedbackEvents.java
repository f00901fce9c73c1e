package dev.relearn.opensearch.feedback;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.opensearch.search.ChunkIndexName;
import dev.relearn.opensearch.search.LearnedValuesIndex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The system index {@value #INDEX} of feedback events: one document per event, its id the chunk
 * index and the event id ({@link #documentId}), so that a retried event is recorded once. One
 * shard, a replica wherever a second node is (auto-expanded 0-1), every write made durable before
 * it is acknowledged (translog durability {@code request}). It holds vectors, chunk ids and hashed
 * sessions: never text. Beside the client's fields, each document holds {@value #LEARNED} (false
 * until {@link EventLearning} has learned from it) and, for an event no pass can learn, {@value
 * #SKIPPED}, why.
 */
public final class FeedbackEvents {
  /** The index's name. */
  public static final String INDEX = ".relearn-feedback";
  /** How far ahead of the node's clock an event's time may be. */
  static final long DAY_MILLIS = 86_400_000L;
  /** The longest event id, as embedded. */
  public static final int MAX_EVENT_ID_LENGTH = 128;

  /** Whether the learning pass has learned from the event. */
  static final String LEARNED = "learned";
  /** Why no pass can learn the event ({@link BadEvents}); absent while one may. */
  static final String SKIPPED = "skipped";
  /**
   * The start of the session of an event sent without one: a session of its own, this and its
   * event id, as embedded gives it, so that the per-session caps and budget never pool
   * anonymous events into one session that they would silence.
   */
  static final String OWN_SESSION = "event ";

  /** The fields an event may have. */
  static final List<String> FIELDS = List.of("event_id", "index", "session", "vector", "shown",
      "used", "outcome", "time_millis", "query_class", "signal", "quality");

  private FeedbackEvents() {
  }

  /**
   * The document id of event {@code eventId} for chunk index {@code index}: event ids are the
   * client's idempotency keys, unique per chunk index as embedded (where each index has its own
   * store), so two indexes' events of one id are two events. No index name holds a '/'.
   */
  public static String documentId(String index, String eventId) {
    return index + "/" + eventId;
  }

  /** The index's settings: those of the indexes beside a chunk index, hidden, fsynced. */
  public static Map<String, Object> settings() {
    Map<String, Object> settings = new HashMap<>(LearnedValuesIndex.settings());
    settings.put("index.translog.durability", "request");
    settings.put("index.hidden", true);
    return settings;
  }

  /** The index's mappings: strict, nothing searched but the ids and the session. */
  public static Map<String, Object> mappings() {
    Map<String, Object> keyword = Map.of("type", "keyword");
    Map<String, Object> kept = Map.of("type", "object", "enabled", false);
    return Map.of("dynamic", "strict", "properties", Map.ofEntries(
        Map.entry("event_id", keyword), Map.entry("index", keyword),
        Map.entry("session", keyword),
        Map.entry("vector", Map.of("type", "float", "index", false, "doc_values", false)),
        Map.entry("shown", kept), Map.entry("used", keyword), Map.entry("outcome", keyword),
        Map.entry("time_millis", Map.of("type", "date", "format", "epoch_millis")),
        Map.entry("query_class", keyword), Map.entry("signal", keyword),
        Map.entry("quality", Map.of("type", "double")),
        Map.entry(LEARNED, Map.of("type", "boolean")), Map.entry(SKIPPED, keyword)));
  }

  /**
   * The document stored for a checked event: the event, stamped now when it has no time (as
   * embedded stamps every event) or a later one (a client clock set ahead, which would keep its
   * evidence from decaying and expiring), not yet learned.
   */
  static Map<String, Object> stored(Map<String, Object> event) {
    Map<String, Object> out = new HashMap<>(event);
    long now = System.currentTimeMillis();
    out.merge("time_millis", now, (given, ignored) -> Math.min(((Number) given).longValue(), now));
    out.put(LEARNED, false);
    return out;
  }

  /** The vector of an event read without it ({@link #WITHOUT_VECTOR}), for its evidence. */
  private static final List<Float> NO_VECTOR = List.of(1f);
  /** A search's source filter that leaves out the vector: learning values needs none. */
  static final String[] WITHOUT_VECTOR = {"vector"};

  /**
   * A stored event as embedded relearn's {@link FeedbackEvent}: its vector at unit length, its
   * signal the client's or, without one, {@link SignalClass#of} a use shown or not; its outcome
   * none and its time 0 when not given.
   */
  static FeedbackEvent event(Map<String, Object> source) {
    List<ShownResult> shown = new ArrayList<>();
    if (source.get("shown") instanceof List<?> list) {
      for (Object result : list) {
        Map<?, ?> fields = (Map<?, ?>) result;
        shown.add(new ShownResult(String.valueOf(fields.get("id")),
            ((Number) fields.get("rank")).intValue()));
      }
    }
    List<String> used = new ArrayList<>();
    ((List<?>) source.get("used")).forEach(id -> used.add((String) id));
    boolean anyShown = shown.stream().anyMatch(result -> used.contains(result.chunkId()));
    List<?> components = (List<?>) source.getOrDefault("vector", NO_VECTOR);
    float[] vector = new float[components.size()];
    for (int i = 0; i < vector.length; i++) {
      vector[i] = ((Number) components.get(i)).floatValue();
    }
    Object signal = source.get("signal");
    Object quality = source.get("quality");
    Object time = source.get("time_millis");
    String eventId = (String) source.get("event_id");
    return new FeedbackEvent(eventId, source.get("session") instanceof String session ? session
        : OWN_SESSION + eventId, VectorChecks.normalize(vector), shown, used,
        Outcome.fromLabel(String.valueOf(source.getOrDefault("outcome", "none"))), null,
        quality == null ? null : ((Number) quality).doubleValue(),
        signal == null ? SignalClass.of(anyShown, false, false)
            : SignalClass.fromLabel(String.valueOf(signal)),
        time == null ? 0 : Long.parseLong(String.valueOf(time)),
        (String) source.get("query_class"));
  }

  /**
   * Checks an event: only known fields; an event id of 1 to {@value #MAX_EVENT_ID_LENGTH}
   * printable ASCII characters without spaces; an index whose learned indexes can be named
   * ({@link ChunkIndexName#requireRoomBeside}); a non-empty vector of numbers; at least
   * one used chunk id; chunk ids that can key learned values ({@link
   * LearnedValuesIndex#canHold}); a time at most a day ahead.
   *
   * @return the event id
   * @throws IllegalArgumentException naming the first problem, quoting no value but the event id
   *     and the index's name
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
    ChunkIndexName.requireRoomBeside(index);
    if (!(event.get("vector") instanceof List<?> vector) || vector.isEmpty()
        || !vector.stream().allMatch(Number.class::isInstance)) {
      throw new IllegalArgumentException("[vector] must be a non-empty array of numbers");
    }
    if (!(event.get("used") instanceof List<?> used) || used.isEmpty()
        || !used.stream().allMatch(String.class::isInstance)) {
      throw new IllegalArgumentException("[used] must be a non-empty array of chunk ids");
    }
    if (event.get("shown") != null && !(event.get("shown") instanceof List<?> shown
        && shown.stream().allMatch(result -> result instanceof Map<?, ?> fields
            && fields.get("id") instanceof String && fields.get("rank") instanceof Integer))) {
      throw new IllegalArgumentException("[shown] must be an array of {\"id\", \"rank\"}");
    }
    List<Object> chunkIds = new ArrayList<>(used);
    if (event.get("shown") instanceof List<?> shown) {
      shown.forEach(result -> chunkIds.add(((Map<?, ?>) result).get("id")));
    }
    if (!chunkIds.stream().allMatch(chunk -> LearnedValuesIndex.canHold((String) chunk))) {
      throw new IllegalArgumentException("[shown] and [used] chunk ids must be at most "
          + LearnedValuesIndex.MAX_ID_BYTES + " bytes, and not " + LearnedValuesIndex.TRUST_ID
          + " or " + LearnedValuesIndex.WEIGHTS_ID);
    }
    for (String text : List.of("session", "query_class", "outcome", "signal")) {
      if (event.get(text) != null && !(event.get(text) instanceof String)) {
        throw new IllegalArgumentException("[" + text + "] must be a string");
      }
    }
    if (event.get("quality") != null && !(event.get("quality") instanceof Number)) {
      throw new IllegalArgumentException("[quality] must be a number");
    }
    Object time = event.get("time_millis");
    if (time != null && !((time instanceof Integer || time instanceof Long)
        && ((Number) time).longValue() >= 0
        && ((Number) time).longValue() <= System.currentTimeMillis() + DAY_MILLIS)) {
      throw new IllegalArgumentException("[time_millis] must be a whole number of milliseconds"
          + " since 1970, at most a day ahead of the node's clock");
    }
    try {
      event(event); // embedded relearn's checks: distinct ids, ranks, outcome, signal, quality
    } catch (IllegalArgumentException | ClassCastException e) {
      throw new IllegalArgumentException("event " + id + " is not valid: " + e.getMessage(), e);
    }
    return id;
  }

  /** The stored events {@code sources}, read, by chunk index. */
  static Map<String, List<FeedbackEvent>> byIndex(Collection<Map<String, Object>> sources) {
    Map<String, List<FeedbackEvent>> out = new TreeMap<>();
    for (Map<String, Object> source : sources) {
      out.computeIfAbsent((String) source.get("index"), index -> new ArrayList<>())
          .add(event(source));
    }
    return out;
  }

  /** The sessions of {@code events}. */
  static Set<String> sessions(List<FeedbackEvent> events) {
    Set<String> out = new HashSet<>();
    events.forEach(event -> out.add(event.sessionHash()));
    return out;
  }

  /** The chunks the events name: those whose learned values they may change. */
  static Set<String> chunkIds(List<FeedbackEvent> events) {
    Set<String> out = new HashSet<>();
    events.forEach(event -> {
      event.shown().forEach(shown -> out.add(shown.chunkId()));
      out.addAll(event.used());
    });
    return out;
  }
}
