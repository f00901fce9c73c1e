package dev.relearn.feedback.index;

import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** Adds clusters up into {@link FeedbackStats}. Not thread-safe: one per scan. */
final class StatsTally implements Consumer<Cluster> {
  private final Map<SignalClass, Long> bySignal = new EnumMap<>(SignalClass.class);
  private final Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);
  private final Set<String> sessions = new HashSet<>();
  private int clusters;
  private long events;
  private long learned;

  @Override
  public void accept(Cluster cluster) {
    clusters++;
    events += cluster.events();
    learned += cluster.tally().learned();
    sessions.addAll(cluster.sessions());
    cluster.tally().bySignal().forEach((signal, count) -> bySignal.merge(signal, (long) count,
        Long::sum));
    cluster.tally().byOutcome().forEach((outcome, count) -> byOutcome.merge(outcome,
        (long) count, Long::sum));
  }

  /** The totals so far. */
  FeedbackStats stats() {
    return new FeedbackStats(clusters, events, learned, sessions.size(), bySignal, byOutcome);
  }
}
