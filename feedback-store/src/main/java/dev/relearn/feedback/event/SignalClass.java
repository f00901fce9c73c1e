package dev.relearn.feedback.event;

import java.util.Locale;

/**
 * How a used chunk was found, which decides how much its use teaches ({@link #weight()}). The
 * store applies every class at once, so any event is visible to the very next search; {@link
 * #immediate()} only marks the classes the design requires that of.
 */
public enum SignalClass {
  /** Found by an explicit search and used. */
  VERY_STRONG(1.25, true),
  /** Retrieved in the first list and used. */
  STRONG(1.0, true),
  /** Used after the first list missed it (found through a wider search). */
  DISCOVERY(1.0, true),
  /** Used but never retrieved. */
  WEAK(0.5, false);

  private final double weight;
  private final boolean immediate;

  SignalClass(double weight, boolean immediate) {
    this.weight = weight;
    this.immediate = immediate;
  }

  /** How much one use of this class counts, relative to {@link #STRONG}. */
  public double weight() {
    return weight;
  }

  /** Whether the next search must already reflect it. */
  public boolean immediate() {
    return immediate;
  }

  /** The lower-case label, e.g. {@code very_strong}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Classifies a use.
   *
   * @param wasShown the chunk was in the list the user or agent saw
   * @param explicitSearch that list came from an explicit search request
   * @param afterWiderSearch the chunk was found by a wider search after the first list missed it
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

  /**
   * Parses a label, case-insensitively.
   *
   * @throws IllegalArgumentException naming the bad value and the accepted ones
   */
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
