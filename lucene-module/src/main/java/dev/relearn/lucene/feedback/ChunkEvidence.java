package dev.relearn.lucene.feedback;

import dev.relearn.lucene.schema.Require;

/**
 * What past queries taught about one chunk. Counts are doubles because they are weighted: by
 * examination probability, by temporal decay and by per-session caps.
 *
 * @param examinations expected times the chunk was looked at: the sum, over its impressions, of
 *     the examination probability at the rank it was shown (this corrects clicks for position)
 * @param clicks times it was used or clicked
 * @param successes uses in tasks that succeeded
 * @param failures uses in tasks that failed
 */
public record ChunkEvidence(double examinations, double clicks, double successes,
    double failures) {
  /** No evidence. */
  public static final ChunkEvidence NONE = new ChunkEvidence(0, 0, 0, 0);

  /** Rejects negative or non-finite counts, naming the bad value. */
  public ChunkEvidence {
    Require.finiteNonNegative("examinations", examinations);
    Require.finiteNonNegative("clicks", clicks);
    Require.finiteNonNegative("successes", successes);
    Require.finiteNonNegative("failures", failures);
  }

  /** The sum of both. */
  public ChunkEvidence plus(ChunkEvidence other) {
    return new ChunkEvidence(examinations + other.examinations, clicks + other.clicks,
        successes + other.successes, failures + other.failures);
  }

  /** Every count multiplied by {@code factor} (for example a decay), at least 0. */
  public ChunkEvidence scaled(double factor) {
    Require.finiteNonNegative("factor", factor);
    return new ChunkEvidence(examinations * factor, clicks * factor, successes * factor,
        failures * factor);
  }
}
