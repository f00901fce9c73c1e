package dev.relearn.server.mcp;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's contexts and which one is current. Calls that name no context go to the current
 * one: the last {@code set_context}, else a default context, whose feedback has no session (or
 * the one the server was made with). At most {@link #MAX_CONTEXTS} are kept (least recently
 * used first out, never the current one). Thread-safe.
 */
final class Contexts {
  /** The most contexts kept in memory. */
  static final int MAX_CONTEXTS = 64;
  /** The id the default context is shown under. */
  static final String DEFAULT_ID = "default";

  private final SessionContext defaultContext;
  private final AtomicLong sequence = new AtomicLong();
  private final LinkedHashMap<String, SessionContext> byId =
      new LinkedHashMap<>(16, 0.75f, true); // in order of use
  private SessionContext current;

  /** Contexts whose default context attributes feedback to {@code defaultSessionId} (or none). */
  Contexts(String defaultSessionId) {
    defaultContext = new SessionContext(DEFAULT_ID, defaultSessionId);
    current = defaultContext;
  }

  /** Makes {@code id} current, created if new, with {@code pathPrefix} (null for none). */
  synchronized SessionContext set(String id, String pathPrefix) {
    SessionContext context = resume(id);
    context.pathPrefix(pathPrefix);
    return context;
  }

  /** Makes {@code id} current, created if new, keeping its path prefix. */
  synchronized SessionContext resume(String id) {
    current = lookup(id);
    return current;
  }

  /** The context {@code id} names (created if new), or the current one when {@code id} is null. */
  synchronized SessionContext get(String id) {
    return id == null ? current : lookup(id);
  }

  /** The next search's sequence number: increasing across all contexts. */
  long nextSequence() {
    return sequence.incrementAndGet();
  }

  /**
   * The context of {@code id} stripped (as every tool names it), created if new; past {@link
   * #MAX_CONTEXTS}, the least recently used ones other than the current one are forgotten.
   */
  private SessionContext lookup(String id) {
    String key = id.strip();
    if (key.equals(DEFAULT_ID)) {
      return defaultContext;
    }
    SessionContext context = byId.computeIfAbsent(key, name -> new SessionContext(name, name));
    Iterator<SessionContext> eldest = byId.values().iterator(); // least recently used first
    while (byId.size() > MAX_CONTEXTS && eldest.hasNext()) {
      SessionContext old = eldest.next();
      if (old != current && old != context) {
        eldest.remove();
      }
    }
    return context;
  }
}
