package dev.relearn.feedback.index;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.lucene.schema.Require;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * The newest {@link #LIMIT} events' summaries, for dashboards, derived from the events (so a
 * forgotten or expired event leaves it). Not thread-safe: {@link RecordedEvents} guards it.
 */
final class RecentEvents {
  /** How many summaries are kept. */
  static final int LIMIT = 500;

  private record Entry(EventSummary summary, long order) {}

  private static final Comparator<Entry> OLDEST_FIRST =
      Comparator.comparingLong((Entry e) -> e.summary().millis()).thenComparingLong(Entry::order);

  private final TreeSet<Entry> newest = new TreeSet<>(OLDEST_FIRST);
  private long added;

  /** Keeps {@code summary} if it is among the newest; later additions break ties. */
  void add(EventSummary summary) {
    newest.add(new Entry(summary, added++));
    if (newest.size() > LIMIT) {
      newest.pollFirst();
    }
  }

  /** The newest {@code limit} summaries, newest first. */
  List<EventSummary> newest(int limit) {
    Require.nonNegative("limit", limit);
    return newest.descendingSet().stream().limit(limit).map(Entry::summary).toList();
  }
}
