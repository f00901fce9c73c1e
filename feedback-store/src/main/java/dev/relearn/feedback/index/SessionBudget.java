package dev.relearn.feedback.index;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Each session's event budget (docs/RANKING.md section 3): past queries of a session with more
 * than {@link #EVENTS} events count {@code EVENTS / events} each. Written by the cluster table's
 * owner, read by lookups on any thread.
 */
public final class SessionBudget {
  /** The events a session may send before its past queries count less. */
  public static final int EVENTS = 20;

  private final Map<String, Integer> events = new ConcurrentHashMap<>();
  private final AtomicInteger over = new AtomicInteger();

  /** Counts one more event of {@code session}; true when that takes it over its budget. */
  boolean add(String session) {
    if (events.merge(session, 1, Integer::sum) == EVENTS + 1) {
      over.incrementAndGet();
      return true;
    }
    return false;
  }

  /** Counts {@code cluster}'s events for each of its sessions (a table rebuilt after a remove). */
  void addAll(Cluster cluster) {
    for (String session : cluster.sessions()) {
      int before = events.getOrDefault(session, 0);
      events.put(session, before + cluster.events());
      if (before <= EVENTS && before + cluster.events() > EVENTS) {
        over.incrementAndGet();
      }
    }
  }

  void clear() {
    events.clear();
    over.set(0);
  }

  /** Whether any session is over its budget. */
  boolean anyOver() {
    return over.get() > 0;
  }

  /** {@code min(1, EVENTS / events)} of {@code session} (1 for a session without events). */
  double share(String session) {
    return Math.min(1.0, (double) EVENTS / events.getOrDefault(session, 1));
  }

  /** The mean {@link #share(String)} of {@code cluster}'s sessions. */
  double share(Cluster cluster) {
    double sum = 0;
    for (String session : cluster.sessions()) {
      sum += share(session);
    }
    return sum / cluster.sessions().size();
  }
}
