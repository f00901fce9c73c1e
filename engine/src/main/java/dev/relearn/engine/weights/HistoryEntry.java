package dev.relearn.engine.weights;

/**
 * A class's weights from the moment they took effect.
 *
 * @param millis when the rating that moved them was recorded (epoch milliseconds)
 * @param weights the weights from then on
 */
public record HistoryEntry(long millis, Weights weights) {
  /** Rejects null weights. */
  public HistoryEntry {
    if (weights == null) {
      throw new IllegalArgumentException("history weights must not be null");
    }
  }
}
