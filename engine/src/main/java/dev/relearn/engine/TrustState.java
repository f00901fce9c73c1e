package dev.relearn.engine;

import dev.relearn.lucene.schema.Require;
import dev.relearn.lucene.trust.Trust;
import java.util.List;
import java.util.Objects;

/**
 * What {@link ClickTrust} saves: the current trust, the events and {@link ClickTrust#settings} it
 * was fit with (an open that finds others refits), and the trust after each refit, oldest first.
 */
public record TrustState(int version, Trust current, long events, String settings,
    List<TrustPoint> history) {
  /** The format written now. */
  public static final int VERSION = 1;
  /** Nothing fit yet. */
  public static final TrustState EMPTY = new TrustState(VERSION, Trust.PRIOR, 0, "", List.of());

  /** {@code current} without history ({@link #EMPTY} for the prior), as a cluster keeps it. */
  public static TrustState of(Trust current) {
    return current.equals(Trust.PRIOR) ? EMPTY : new TrustState(VERSION, current, 0, "", List.of());
  }

  /** Validates and copies. */
  public TrustState {
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(settings, "settings");
    Require.nonNegative("events", events);
    history = List.copyOf(history);
  }
}
