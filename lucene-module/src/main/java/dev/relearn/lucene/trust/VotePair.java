package dev.relearn.lucene.trust;

import dev.relearn.lucene.schema.Require;

/**
 * One preference a logged query showed: a clicked chunk over a chunk that was shown and skipped.
 *
 * @param difference the clicked chunk's vote minus the skipped chunk's, finite
 * @param position {@code ln(examined_clicked) − ln(examined_skipped)}: how much more likely the
 *     clicked chunk was to be seen, finite. It lets the fit tell a vote that predicts clicks from
 *     one that merely follows the ranking that showed the chunks
 * @param weight how much the pair counts, in (0, 1]: the click's weight, clipped to 1
 */
public record VotePair(double difference, double position, double weight) {
  /** Validates, naming the bad value. */
  public VotePair {
    Require.finite("difference", difference);
    Require.finite("position", position);
    if (!(weight > 0 && weight <= 1)) {
      throw new IllegalArgumentException("weight must be in (0, 1], got: " + weight);
    }
  }
}
