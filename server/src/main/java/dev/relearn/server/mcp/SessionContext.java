package dev.relearn.server.mcp;

import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.ShownList;
import dev.relearn.engine.search.Hit;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One context (session) of the MCP server: its id, the session id its feedback is recorded under
 * (null for none: each event is then a session of its own), an optional path prefix for its
 * searches, the lists its latest searches showed, and the feedback its latest idempotency keys
 * recorded, so that a retry records the same events whatever was searched since (query text in
 * memory only). Thread-safe.
 */
final class SessionContext {
  /** The most lists a context remembers; older ones are forgotten first. */
  static final int MAX_LISTS = 32;
  /** The longest context id accepted, as it is a session id. */
  static final int MAX_ID_CHARS = FeedbackRequest.MAX_SESSION_CHARS;

  private final String id;
  private final String sessionId;
  private String pathPrefix;
  private final ArrayDeque<ShownList> lists = new ArrayDeque<>();
  private final LinkedHashMap<String, Sent> sent = new LinkedHashMap<>(); // by key, oldest first

  /** What a record_feedback call with an idempotency key sent: its used ids and requests. */
  private record Sent(List<String> used, List<FeedbackRequest> requests) {}

  SessionContext(String id, String sessionId) {
    this.id = Objects.requireNonNull(id, "id");
    this.sessionId = sessionId;
  }

  /** The input schema of a tool's {@code context} argument: a non-blank id. */
  static Map<String, Object> schema(String description) {
    return Schemas.text(description, 1, MAX_ID_CHARS);
  }

  String id() {
    return id;
  }

  String sessionId() {
    return sessionId;
  }

  synchronized String pathPrefix() {
    return pathPrefix;
  }

  /** Sets the path prefix (null for none), checked by the caller. */
  synchronized void pathPrefix(String prefix) {
    this.pathPrefix = prefix;
  }

  /** Remembers what a search showed, ranks from 1. */
  synchronized void remember(ShownList.Kind kind, String query, List<Hit> hits, long sequence) {
    lists.addLast(ShownList.of(kind, query, hits, sequence));
    while (lists.size() > MAX_LISTS) {
      lists.removeFirst();
    }
  }

  /** The remembered lists, oldest first. */
  synchronized List<ShownList> lists() {
    return List.copyOf(lists);
  }

  /**
   * The requests a call with idempotency {@code key} and the same {@code used} ids made, or null:
   * a retry sends them again, so that the store finds the same event ids.
   */
  synchronized List<FeedbackRequest> sent(String key, List<String> used) {
    Sent before = sent.get(key);
    return before != null && before.used().equals(used) ? before.requests() : null;
  }

  /** Remembers what a call with idempotency {@code key} sends (the latest {@value #MAX_LISTS}). */
  synchronized void sent(String key, List<String> used, List<FeedbackRequest> requests) {
    sent.put(key, new Sent(List.copyOf(used), List.copyOf(requests)));
    while (sent.size() > MAX_LISTS) {
      sent.pollFirstEntry();
    }
  }

  /** How many lists are remembered. */
  synchronized int size() {
    return lists.size();
  }
}
