package dev.relearn.feedback.index;

import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the feedback index holds.
 *
 * @param clusters documents (query clusters)
 * @param events feedback events merged into them
 * @param learnedEvents events that carried evidence (the rest were ambiguous: kept, not learned)
 * @param sessions distinct session hashes
 * @param bySignal events per signal class, every class present
 * @param byOutcome events per outcome, every outcome present
 */
public record FeedbackStats(int clusters, long events, long learnedEvents, int sessions,
    Map<SignalClass, Long> bySignal, Map<Outcome, Long> byOutcome) {
  /** An index without clusters. */
  public static final FeedbackStats NONE = new FeedbackStats(0, 0, 0, 0, Map.of(), Map.of());

  /** Rejects negative counts, naming them; copies the maps, filling in zeros. */
  public FeedbackStats {
    if (clusters < 0 || events < clusters || learnedEvents < 0 || learnedEvents > events
        || sessions < 0) {
      throw new IllegalArgumentException("inconsistent stats: clusters=" + clusters + ", events="
          + events + ", learned=" + learnedEvents + ", sessions=" + sessions);
    }
    bySignal = EventTally.complete(SignalClass.class, bySignal, 0L, "signal");
    byOutcome = EventTally.complete(Outcome.class, byOutcome, 0L, "outcome");
  }

  /** Counts over {@code all} clusters. */
  static FeedbackStats of(List<Cluster> all) {
    Map<SignalClass, Long> bySignal = new EnumMap<>(SignalClass.class);
    Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);
    Set<String> sessions = new HashSet<>();
    long events = 0;
    long learned = 0;
    for (Cluster cluster : all) {
      events += cluster.events();
      learned += cluster.tally().learned();
      sessions.addAll(cluster.sessions());
      cluster.tally().bySignal().forEach((k, n) -> bySignal.merge(k, (long) n, Long::sum));
      cluster.tally().byOutcome().forEach((k, n) -> byOutcome.merge(k, (long) n, Long::sum));
    }
    return new FeedbackStats(all.size(), events, learned, sessions.size(), bySignal, byOutcome);
  }

  /** Success events over success and failure events; {@code NaN} when there are neither. */
  public double positiveRate() {
    long successes = byOutcome.get(Outcome.SUCCESS);
    long decided = successes + byOutcome.get(Outcome.FAILURE);
    return decided == 0 ? Double.NaN : (double) successes / decided;
  }
}
