package dev.relearn.feedback.event;

import java.util.Locale;

/**
 * How a used chunk was found, which decides how much its use teaches ({@link #weight()}). The
 * store applies every class at once, so any event is visible to the very next search.
 */
public enum SignalClass {
  /** Found by an explicit search and used. */
  VERY_STRONG(1.25),
  /** Retrieved in the first list and used. */
  STRONG(1.0),
  /** Used after the first list missed it (found through a wider search). */
  DISCOVERY(1.0),
  /** Used but never retrieved. */
  WEAK(0.5);

  private final double weight;

  SignalClass(double weight) {
    this.weight = weight;
  }

  /** How much one use of this class counts, relative to {@link #STRONG}. */
  public double weight() {
    return weight;
  }

  /** The lower-case label, e.g. {@code very_strong}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Classifies a use: {@code wasShown} in the list seen, which came from an {@code explicitSearch}
   * request, or found {@code afterWiderSearch} when the first list missed it.
   */
  public static SignalClass of(boolean wasShown, boolean explicitSearch, boolean afterWiderSearch) {
    if (afterWiderSearch) {
      return DISCOVERY;
    }
    if (!wasShown) {
      return WEAK;
    }
    return explicitSearch ? VERY_STRONG : STRONG;
  }

  /** Parses a label, case-insensitively; the exception names the bad value and the good ones. */
  public static SignalClass fromLabel(String label) {
    for (SignalClass signal : values()) {
      if (signal.label().equalsIgnoreCase(label.replace('-', '_'))) {
        return signal;
      }
    }
    throw new IllegalArgumentException("unknown signal class: '" + label
        + "'; expected one of very_strong, strong, discovery, weak");
  }
}
