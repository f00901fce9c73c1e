package dev.relearn.feedback.index;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * How many events of a cluster had each signal class and each outcome, and how many taught
 * something (had evidence). Every class and outcome is present, zero when unseen.
 *
 * @param bySignal events per signal class
 * @param byOutcome events per outcome; the same total as {@code bySignal}
 * @param learned events that carried evidence (the others were ambiguous: recorded, not learned)
 */
public record EventTally(Map<SignalClass, Integer> bySignal, Map<Outcome, Integer> byOutcome,
    int learned) {
  /** Copies, fills in zeros, and rejects negative or inconsistent counts. */
  public EventTally {
    bySignal = complete(SignalClass.class, bySignal, 0, "signal");
    byOutcome = complete(Outcome.class, byOutcome, 0, "outcome");
    long signals = sum(bySignal);
    long outcomes = sum(byOutcome);
    if (signals != outcomes) {
      throw new IllegalArgumentException("signal counts add up to " + signals
          + " but outcome counts to " + outcomes);
    }
    if (learned < 0 || learned > signals) {
      throw new IllegalArgumentException(
          "learned must be in [0, " + signals + "], got: " + learned);
    }
  }

  /** {@code counts} with every key of {@code type}, {@code zero} where missing; none negative. */
  static <E extends Enum<E>, N extends Number> Map<E, N> complete(Class<E> type,
      Map<E, N> counts, N zero, String what) {
    Objects.requireNonNull(counts, what + " counts");
    EnumMap<E, N> out = new EnumMap<>(type);
    for (E key : type.getEnumConstants()) {
      N count = counts.getOrDefault(key, zero);
      if (count == null || count.longValue() < 0) {
        throw new IllegalArgumentException(what + " count of " + key + " must be >= 0, got: "
            + count);
      }
      out.put(key, count);
    }
    return Collections.unmodifiableMap(out);
  }

  private static long sum(Map<?, Integer> counts) {
    return counts.values().stream().mapToLong(Integer::longValue).sum();
  }

  /** The tally of one event: one shared instance per signal, outcome and learned. */
  public static EventTally of(FeedbackEvent event, boolean learned) {
    return SINGLES[(event.signal().ordinal() * Outcome.values().length + event.outcome().ordinal())
        * 2 + (learned ? 1 : 0)];
  }

  private static final EventTally[] SINGLES = singles();

  private static EventTally[] singles() {
    EventTally[] out = new EventTally[SignalClass.values().length * Outcome.values().length * 2];
    int i = 0;
    for (SignalClass signal : SignalClass.values()) {
      for (Outcome outcome : Outcome.values()) {
        out[i++] = new EventTally(Map.of(signal, 1), Map.of(outcome, 1), 0);
        out[i++] = new EventTally(Map.of(signal, 1), Map.of(outcome, 1), 1);
      }
    }
    return out;
  }

  /** The sum of both tallies. */
  public EventTally plus(EventTally other) {
    Map<SignalClass, Integer> signals = new EnumMap<>(bySignal);
    other.bySignal.forEach((key, count) -> signals.merge(key, count, Math::addExact));
    Map<Outcome, Integer> outcomes = new EnumMap<>(byOutcome);
    other.byOutcome.forEach((key, count) -> outcomes.merge(key, count, Math::addExact));
    return new EventTally(signals, outcomes, Math.addExact(learned, other.learned));
  }

  /** The number of events. */
  public int events() {
    return (int) sum(bySignal);
  }
}
